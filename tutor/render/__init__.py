"""Drawing cards, hands and tables: pure functions that return SVG or HTML text.

Everything is drawn here (no copied artwork, no web fonts).  ``frame`` draws
the card frame shared by every deck and the hands; ``french``, ``gnav`` and
``elements`` draw one deck's faces each (registered in ``FACE_MODULES`` and
imported on first use); ``table`` draws a whole ``TableView`` and holds the
table's CSS.  Each card carries a ``<title>`` with its English and
own-language names, which screen readers read and tests search.
"""

from tutor.render.frame import (
    CARD_H,
    CARD_W,
    FACE_MODULES,
    FACES,
    LEGAL_RING,
    SELECT_RING,
    card_group,
    card_svg,
    card_title,
    cards_title,
    count_text,
    face_for,
    hand_element,
    hand_svg,
)
from tutor.render.french import INK, JOKER_INK, SUIT_PATHS
from tutor.render.table import (
    TABLE_CSS,
    auction_html,
    pile_html,
    scores_html,
    table_html,
    table_svg,
    teams_html,
    trick_html,
)

__all__ = [
    "CARD_W", "CARD_H", "SELECT_RING", "LEGAL_RING", "FACES", "FACE_MODULES", "face_for",
    "card_title", "cards_title", "count_text", "card_svg", "card_group", "hand_svg", "hand_element",
    "INK", "JOKER_INK", "SUIT_PATHS",
    "TABLE_CSS", "table_html", "table_svg", "teams_html", "auction_html", "trick_html", "pile_html", "scores_html",
]
