"""The learner's seat in the second person (``tutor.narration``): the transform line by line, and every line the
play app shows or says over many positions of all eight games, with the learner's seat called "You"."""

from __future__ import annotations

import html
import random
import re

import pytest

from tests.conftest import _examples
from tutor.games import GAMES
from tutor.narration import LEARNER_SEAT, base_form, in_tutor_voice, said_to, second_person, solo_names
from tutor.widgets import PlayWidget, StepperWidget

CASES = [
    # the subject and its verb, irregular verbs and the spelling rules
    ("You asks Vicki for sevens.", "You ask Vicki for sevens."),
    ("You wins with 3 sets.", "You win with 3 sets."),
    ("You pays a counter to the pool (2 left).", "You pay a counter to the pool (2 left)."),
    ("You has no aces.", "You have no aces."),
    ("You is the dealer, so Pol changes with the stock instead.", "You are the dealer, so Pol changes with the stock "
                                                                 "instead."),
    ("You was out.", "You were out."),
    ("You does not answer, and draws 2 cards.", "You do not answer, and draw 2 cards."),
    ("You carries on, catches the ball, passes it and goes home.", "You carry on, catch the ball, pass it and go "
                                                                   "home."),
    ("You touches their nose", "You touch your nose"),
    ("You is still looking", "You are still looking"),
    ("You quietly lays their hand down and touches their nose.", "You quietly lay your hand down and touch your "
                                                                 "nose."),
    # the seat as an object, mid-sentence, in a pair, after a colon
    ("Vicki asks You for sevens.", "Vicki asks you for sevens."),
    ("Kerensa asks You to change.", "Kerensa asks you to change."),
    ("Derwa and You change cards.", "Derwa and you change cards."),
    ("A catch, so You asks again.", "A catch, so you ask again."),
    ("Game over: You wins.", "Game over: You win."),
    ("Game: You 11, Tamsin 9, so You wins.", "Game: You 11, Tamsin 9, so you win."),
    ("Most cards: You & Pol 27, Tamsin & Kerensa 25, so You & Pol scores 3.",
     "Most cards: You & Pol 27, Tamsin & Kerensa 25, so you & Pol score 3."),
    ("Kerensa deals deal 2 and You leads.", "Kerensa deals deal 2 and you lead."),
    ("Deal 1, Lon by You, no trump: Tamsin to lead.", "Deal 1, Lon by you, no trump: Tamsin to lead."),
    ("Score: You 12 (total 40), Tamsin 3 (total 9).", "Score: You 12 (total 40), Tamsin 3 (total 9)."),
    ("Everyone shows their card: You nine, Tamsin Fool, Pol one.",
     "Everyone shows their card: You nine, Tamsin Fool, Pol one."),
    # possessives and turns
    ("You's hand is empty, so they draw a card and go on.", "Your hand is empty, so you draw a card and go on."),
    ("Tamsin takes You's build of 7 with the 7♣.", "Tamsin takes your build of 7 with the 7♣."),
    ("Pol must take all 15 tricks alone, without You's help.", "Pol must take all 15 tricks alone, without your "
                                                               "help."),
    ("Build of tens (You's)", "Build of tens (yours)"),
    ("You to ask.", "Your turn to ask."),
    ("Deal 2: You to lead.", "Deal 2: your turn to lead."),
    ("Round 1: You, the dealer, to stand or change with the stock.",
     "Round 1: your turn, as the dealer, to stand or change with the stock."),
    ("Passing round 2: You to pass a card, or touch their nose with four of a kind.",
     "Passing round 2: your turn to pass a card, or touch your nose with four of a kind."),
    # asides, and verbs joined in one clause until another subject speaks
    ("You, on the dealer's left, leads the Fire 3 to the first trick.",
     "You, on the dealer's left, lead the Fire 3 to the first trick."),
    ("You (the dealer) changes with the stock", "You (the dealer) change with the stock"),
    ("You made the last capture, so takes the 2 cards left on the table (7♣, 3♠); that is not a sweep.",
     "You made the last capture, so take the 2 cards left on the table (7♣, 3♠); that is not a sweep."),
    ("You passes the lead and sits this trick out; Tamsin may lead or pass.",
     "You pass the lead and sit this trick out; Tamsin may lead or pass."),
    ("You shows the Cuckoo and the round ends at once; Tamsin keeps the card and pays nothing.",
     "You show the Cuckoo and the round ends at once; Tamsin keeps the card and pays nothing."),
    ("Deal 2 scores — You won 9, has 2 left: 7; Tamsin won 9, has 3 left: 6.",
     "Deal 2 scores — you won 9, have 2 left: 7; Tamsin won 9, has 3 left: 6."),
    ("You has spelled PIG and is out.", "You have spelled PIG and are out."),
    ("You takes the letter I: PI.", "You take the letter I: PI."),
    # pronouns: the seat's, unless someone else comes between
    ("You pays, and every player takes back the card they were dealt.",
     "You pay, and every player takes back the card they were dealt."),
    ("Same element: You misses the turn unless they answer with a follow-up.",
     "Same element: You miss the turn unless you answer with a follow-up."),
    ("They touched in the same moment; the reaction delays order them: Kerensa 30 ms, You 40 ms.",
     "They touched in the same moment; the reaction delays order them: Kerensa 30 ms, you 40 ms."),
    ("You asked for aces earlier (or was handed them).", "You asked for aces earlier (or were handed them)."),
    # words already in the second person, and other seats' words, are left alone
    ("You ask one of the other players, not yourself.", "You ask one of the other players, not yourself."),
    ("You hold four kings: lay your hand down and touch your nose.",
     "You hold four kings: lay your hand down and touch your nose."),
    ("Tamsin asks Pol for sevens. Pol has no sevens.", "Tamsin asks Pol for sevens. Pol has no sevens."),
    ("Your progress is kept.", "Your progress is kept."),
]


@pytest.mark.parametrize("text, told", CASES, ids=[t for t, _ in CASES])
def test_the_seat_called_you_reads_in_the_second_person(text, told):
    assert second_person(text, LEARNER_SEAT) == told


@pytest.mark.parametrize("name", ["Jory", "Vicki", "Ann-Marie", "A.B. (x)", "Énora"])
def test_any_seat_name_is_the_reader(name):
    """At a table of classmates each page reads for its own seat's name: the name is escaped, never a pattern."""
    assert second_person(f"{name} asks Pol for sevens.", name) == "You ask Pol for sevens."
    assert second_person(f"Tamsin asks {name} for sevens.", name) == "Tamsin asks you for sevens."
    assert second_person(f"{name}'s hand is empty.", name) == "Your hand is empty."
    assert second_person(f"{name} to ask.", name) == "Your turn to ask."
    assert second_person(f"Tamsin asks Pol for sevens; {name}X waits.", name) == (
        f"Tamsin asks Pol for sevens; {name}X waits.")  # a longer name is another seat
    assert second_person("Tamsin asks Pol for sevens.", "A.B") == "Tamsin asks Pol for sevens."


def test_nothing_to_read_changes_nothing():
    assert second_person("", "You") == "" and second_person("You asks Pol.", "") == "You asks Pol."


@pytest.mark.parametrize("verb, base", [("has", "have"), ("is", "are"), ("was", "were"), ("does", "do"),
                                        ("goes", "go"), ("carries", "carry"), ("passes", "pass"),
                                        ("catches", "catch"), ("wishes", "wish"), ("fixes", "fix"),
                                        ("takes", "take"), ("plays", "play"), ("over-trumps", "over-trump")])
def test_the_plural_of_a_verb(verb, base):
    assert base_form(verb) == base


@pytest.mark.parametrize("said, name, heard", [
    ("You, eus myghtern genes?", "You", "Eus myghtern genes?"),
    ("You, have you got any kings?", "You", "Have you got any kings?"),
    ("Vicki, eus myghtern genes?", "Vicki", "Vicki, eus myghtern genes?"),  # a real name, as a classmate says it
    ("Pol, eus seyth genes?", "You", "Pol, eus seyth genes?"),
    ("Meur ras!", "You", "Meur ras!"),
    ("", "You", ""),
])
def test_a_line_said_to_the_learner(said, name, heard):
    assert said_to(said, name) == heard


@pytest.mark.parametrize("reason, tutor", [
    ("I collect aces (I hold 2); the 7♠ is an odd card, so I pass it on.",
     "You collect aces (you hold 2); the 7♠ is an odd card, so you pass it on."),
    ("In 40 guessed deals, passing the 7♠ left me the pig 20% of the time.",
     "In 40 guessed deals, passing the 7♠ left you the pig 20% of the time."),
    ("Someone has touched their nose; 240 ms is my reaction time, so I touch mine at once.",
     "Someone has touched their nose; 240 ms is your reaction time, so you touch yours at once."),
    ("Nothing I hold may be played now, so I pass. My turn ends; I'm done.",
     "Nothing you hold may be played now, so you pass. Your turn ends; you're done."),
    ("You have no Earth: shed your highest card.", "You have no Earth: shed your highest card."),
])
def test_a_bots_reason_in_the_tutors_voice(reason, tutor):
    assert in_tutor_voice(reason) == tutor


def test_solo_names_call_the_learner_you_and_no_bot_jory():
    names = solo_names(GAMES["gnav"].default_names, 20, 3)
    assert names[3] == "You" and "Jory" not in names and len(set(names)) == 20
    assert solo_names(("Jory", "Tamsin", "Pol"), 3, 0) == ["You", "Tamsin", "Pol"]
    with pytest.raises(ValueError, match="seat"):
        solo_names(("Jory", "Tamsin"), 2, 2)


# ---------------------------------------------------------------- every line of the play app, all eight games

#: Verbs the engines put after a seat's name (collected from other seats' narration as the games are played):
#: after "you" any of them is the third person left in.  Also the irregular ones, which every game uses.
IRREGULAR = {"is", "has", "was", "does", "goes"}
WRONG = [
    (re.compile(r"\b[Yy]ou['’]s\b"), "a possessive 'You's'"),
    (re.compile(r"\b[a-z]+,? You\b(?! \(you\))"), "a capital You after a lowercase word"),
    (re.compile(r"\bJory\b"), "the engine's name for seat 0"),
    (re.compile(r"“You, |\bYou, (eus|have you)\b"), "the seat's name as a vocative"),
    (re.compile(r"(?:^|[.!?:][”\"]?\s+)You to [a-z]"), "'You to' for the learner's turn"),
]


#: "you" as an object before the next verb, not the subject: "each of you has", "the last to copy you is the pig".
OBJECT_YOU = re.compile(r"(?:\bof|\bto [a-z]+) $")


def page_words(app: PlayWidget) -> str:
    """Everything the learner reads on the page: its text and accessible names, tags and styles gone."""
    page = re.sub(r"<style.*?</style>", " ", app.html, flags=re.S)
    names = " ".join(m.group(1) for m in re.finditer(r'\b(?:aria-label|title)="([^"]*)"', page))
    return html.unescape(re.sub(r"<[^>]+>", " ", page) + " " + names)


def third_person_left(text: str, verbs: set[str]) -> list[str]:
    """Where ``text`` still speaks of the learner's seat in the third person."""
    found = []
    verb = re.compile(r"\b[Yy]ou (?:[a-z]+ly )?(" + "|".join(sorted(verbs, key=len, reverse=True)) + r")\b")
    for pattern, why in [(verb, "a verb in the third person")] + WRONG:
        found += [f"{why}: …{text[max(0, m.start() - 50):m.end() + 30]}…" for m in pattern.finditer(text)
                  if pattern is not verb or not OBJECT_YOU.search(text[max(0, m.start() - 30):m.start()])]
    return [re.sub(r"\s+", " ", f) for f in found]


def learn_verbs(app: PlayWidget, verbs: set[str]) -> None:
    """The verbs the engine puts after the bots' names in this game's narration so far."""
    others = [re.escape(n) for i, n in enumerate(app.names_now) if i != app.seat]
    pattern = re.compile(r"\b(?:" + "|".join(others) + r") ([a-z][a-z-]*s)\b")
    for _step, event in app.lines:
        verbs.update(m.group(1) for m in pattern.finditer(event.text))


def read_everything(app: PlayWidget, rng: random.Random) -> list[str]:
    """What the learner can read now: the page, what was said aloud, a Hint, a Why? and a refused move."""
    texts = [page_words(app), app.said_aloud]
    mine = not app.state.is_over and (app.state.current_player == app.seat or app.state.offers(app.seat))
    if mine and app.handle("hint"):
        texts += [app.hint, app.said_aloud]
    if app.last_reason and app.handle("why"):
        texts += [app.why, app.said_aloud]
    if mine and app.state.current_player == app.seat and rng.random() < 0.3:
        legal = set(app.state.legal_actions())
        for card in app.state.view(app.seat).seats[app.seat].hand:
            refused = next((a for a in app.state.candidate_actions(card) if a not in legal), None)
            if refused is not None:
                app.handle("move", str(refused))
                texts += [page_words(app), app.said_aloud]
                break
    return texts


def play_and_read(slug: str, number: int) -> tuple[list[str], set[str]]:
    """A random game of ``slug`` in the play app against seeded bots, the learner moving at random; everything the
    learner could read at many points of it, and the verbs the engine used for the other seats."""
    game = GAMES[slug]
    rng = random.Random(number)
    players = rng.randint(game.min_players, min(game.max_players, 6))
    app = PlayWidget(slug, players=players, seed=number, level=rng.choice(["random", "strong"]),
                  seat=rng.randrange(players) if number % 3 else 0)
    texts: list[str] = []
    verbs = set(IRREGULAR)
    for _turn in range(300):
        if app.state.is_over:
            break
        if app.pace.deal_waits:
            texts += read_everything(app, rng)
            assert app.handle("nextdeal")
        elif app.pace.holding:
            assert app.handle("goon")
        elif app.state.current_player == app.seat:
            if rng.random() < 0.5:
                texts += read_everything(app, rng)
            assert app.handle("move", str(rng.choice(app.state.legal_actions())))
        else:
            assert app.handle("tick") or app.state.is_over
    texts += read_everything(app, rng)
    if app.state.is_over:
        app.handle("review")
    learn_verbs(app, verbs)
    return texts, verbs


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_play_app_speaks_of_the_learner_as_you(slug):
    """Over random games (scaled by GWARI_GAMES), the page, the announcements, Hint, Why? and refusals never speak
    of the learner's seat in the third person, never call it Jory, and never say "You," to it in Cornish."""
    problems: list[str] = []
    for number in range(max(2, _examples() // 10)):
        texts, verbs = play_and_read(slug, number)
        for text in texts:
            problems += third_person_left(text, verbs)
    assert not problems, f"{len(problems)} lines, such as:\n" + "\n".join(sorted(set(problems))[:20])


def test_the_check_finds_the_third_person():
    """The check can fail: the engine's own words, read as they are, are caught."""
    verbs = IRREGULAR | {"asks", "wins", "pays"}
    assert len(third_person_left("You asks Pol for sevens. Pol asks You for kings. You's hand. You wins. "
                                 "“You, eus myghtern genes?” You to ask. Jory pays.", verbs)) >= 7


def test_the_learner_is_you_and_the_bots_keep_their_names():
    app = PlayWidget("gwra-pyskessa", players=3, seed=4)
    assert app.names_now == ["You", "Tamsin", "Pol"]
    assert "Jory" not in app.html and "You are You" not in app.html
    assert "At the table with you: Tamsin and Pol." in html.unescape(app.html)
    seated = PlayWidget("gwra-pyskessa", players=3, seed=4, seat=2)
    assert seated.names_now == ["Tamsin", "Pol", "You"]
    named = PlayWidget("gwra-pyskessa", players=2, seed=4, names=["Ann", "Ben"])
    assert named.names_now == ["Ann", "Ben"] and "You are Ann." in named.html


def test_a_bot_asks_the_learner_in_cornish_without_calling_them_you():
    """A bot asking the learner says no name (the seat "You" is no name); the English says "have you got"."""
    for seed in range(40):
        app = PlayWidget("gwra-pyskessa", players=2, seed=seed, level="random")
        while not app.state.is_over and not any(e.said and e.player == 1 and "genes" in e.said
                                                for _n, e in app.lines):
            app.handle("move", str(app.state.legal_actions()[0]))
        asked = [e for _n, e in app.lines if e.said and e.player == 1 and "genes" in e.said]
        if asked:
            page = html.unescape(app.html)
            assert asked[0].said.startswith("You, ")  # the engine's words, said to the seat's name
            assert "“" + said_to(asked[0].said, "You") in page and "“You, " not in page
            assert "Tamsin asks you for" in page
            return
    pytest.fail("no bot asked the learner in 40 games")


def test_the_step_through_reads_for_the_learners_seat():
    app = PlayWidget("gwra-pyskessa", players=2, seed=3, level="random")
    while not app.state.is_over:
        app.handle("move", str(app.state.legal_actions()[0]))
    stepper = StepperWidget(app.record, viewer=app.seat, at_end=False)
    heads = []
    for step in range(1, stepper.last + 1):
        stepper.step = step
        heads.append(stepper.head())
        assert not third_person_left(page_words(stepper), IRREGULAR | {"asks", "wins", "draws", "lays", "hands"})
    assert any(h.startswith("Move") and ": You ask " in h for h in heads)
    assert all(" You asks " not in h for h in heads)


def test_a_line_of_the_log_reads_for_its_reader_words_said_and_english_too():
    """The narration, the words said and their English, as the reader hears them: the seat "You" is asked without a
    name; English that names the reader's seat ("Tamsin pays") is theirs ("you pay"); others read it as it is."""
    from tutor.engine import Event
    from tutor.widgets.base import event_html, event_words

    asked = Event("pyskessa.ask", "Tamsin asks You for sevens.", "You, eus seyth genes?",
                  "You, have you got any sevens?", 1)
    line = html.unescape(event_html(asked, reader="You"))
    assert "Tamsin asks you for sevens." in line and "“Eus seyth genes?”" in line and "— Have you got any" in line
    assert event_words(asked, reader="You") == "Tamsin asks you for sevens. Eus seyth genes?"
    typed = html.unescape(event_html(asked, gloss_hidden=True, names=["You", "Tamsin"], reader="You"))
    assert "Tamsin:" in typed and "You," not in typed
    paid = Event("gnav.dragoon", "Tamsin keeps the card and pays.", "Hugg av!",
                 "Chop! (Tamsin pays a counter and keeps the card.)", 0)
    assert "(You pay a counter and keep the card.)" in html.unescape(event_html(paid, reader="Tamsin"))
    assert "(Tamsin pays a counter" in html.unescape(event_html(paid, reader="You"))
    assert html.unescape(event_html(asked)).startswith("<p>Tamsin asks You for sevens.")  # no reader: as it is


@pytest.mark.parametrize("text, told", [
    ("You hold only 2 cards: I play the follow-up to make them draw.",
     "You hold only 2 cards: I play the follow-up to make them draw."),
    ("Nobody else holds sevens. You has not said 'Nag eus' to them.",
     "Nobody else holds sevens. You have not said 'Nag eus' to them."),
    ("You swaps the whole hand", "You swap the whole hand"),
])
def test_them_is_left_as_it_is_and_a_verb_that_is_also_a_noun_still_turns(text, told):
    """"them" in the bots' words is as often the speaker or the cards as the seat: it is never guessed."""
    assert second_person(text, "You") == told


# ---------------------------------------------------------------- every line of the guided first games


def _guided_texts(slug: str, off_at: int | None) -> tuple[list[str], set[str]]:
    """Everything a learner reads in ``slug``'s first game: along the script, or leaving it at the learner's
    ``off_at``-th move (a legal move other than the one suggested), then the strong bots' game to its end."""
    from tutor.widgets import FirstGameWidget

    app = FirstGameWidget(slug)
    texts, verbs = [page_words(app), app.said_aloud], set(IRREGULAR)
    moves = 0
    for _turn in range(400):
        if app.finished:
            break
        if app.pace.stepping:
            assert app.handle("tick")
            continue
        legal = [str(a) for a in app.state.legal_actions()]
        suggested = app.suggestion()[1]
        move = suggested
        if moves == off_at:
            move = next((m for m in legal if m != suggested), suggested)
        hand = app.state.view(app.seat).seats[app.seat].hand
        used = app.state.cards_of(app.game.parse_action(app.state, move))
        if used and app.selected != hand.index(used[0]):
            assert app.handle("card", hand.index(used[0]))
        assert app.handle("move", move), move
        moves += 1
        texts += [page_words(app), app.said_aloud]
    assert app.finished
    learn_verbs(app, verbs)
    return texts, verbs


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_first_game_speaks_of_the_learner_as_you(slug):
    """Along its script and off it, the first game's page (tutor, table, hand, turn line, rule cards, log, end)
    and what it says aloud never speak of the learner's seat in the third person."""
    problems: list[str] = []
    for off_at in (None, 0, 2):
        texts, verbs = _guided_texts(slug, off_at)
        for text in texts:
            problems += third_person_left(text, verbs)
    assert not problems, f"{len(problems)} lines, such as:\n" + "\n".join(sorted(set(problems))[:20])
