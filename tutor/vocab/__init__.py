"""The Cornish vocabulary drill: word lists, answer checking, scheduling, progress and exercises.

No widgets here; ``tutor.widgets.drill`` shows it, and ``tutor.progress`` keeps each learner's cards.
"""

from tutor.vocab.check import Verdict, canonical, check_answer, edit_distance
from tutor.vocab.schedule import Answered, Deck, ManualClock, Summary, make_scheduler, rating_for, summarise, utc_now
from tutor.vocab.words import CATEGORIES, Entry, VocabError, by_category, entry_for_word, load_vocab, read_vocab

__all__ = ["CATEGORIES", "Answered", "Deck", "Entry", "ManualClock", "Summary", "Verdict", "VocabError", "by_category",
           "canonical", "check_answer", "edit_distance", "entry_for_word", "load_vocab",
           "make_scheduler", "rating_for", "read_vocab", "summarise", "utc_now"]
