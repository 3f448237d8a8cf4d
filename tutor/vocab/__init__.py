"""The Cornish vocabulary drill: word lists, answer checking, scheduling, progress and exercises.

No widgets here; ``tutor.widgets.drill`` shows it.
"""

from tutor.vocab.check import Verdict, canonical, check_answer, edit_distance
from tutor.vocab.progress import Progress, entry_for_word, keep_fumbles, learner_name, progress_path
from tutor.vocab.schedule import Answered, Deck, ManualClock, Summary, make_scheduler, rating_for, summarise, utc_now
from tutor.vocab.words import CATEGORIES, Entry, VocabError, by_category, load_vocab, read_vocab

__all__ = ["CATEGORIES", "Answered", "Deck", "Entry", "ManualClock", "Progress", "Summary", "Verdict", "VocabError", "by_category",
           "canonical", "check_answer", "edit_distance", "entry_for_word", "keep_fumbles", "learner_name", "load_vocab",
           "make_scheduler", "progress_path", "rating_for", "read_vocab", "summarise", "utc_now"]
