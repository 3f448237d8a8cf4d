"""The Cornish vocabulary drill: word lists, answer checking, scheduling, progress and exercises.

No widgets here; ``tutor.widgets.drill`` shows it.
"""

from tutor.vocab.check import Verdict, canonical, check_answer, edit_distance
from tutor.vocab.words import CATEGORIES, Entry, VocabError, by_category, load_vocab, read_vocab

__all__ = ["CATEGORIES", "Entry", "Verdict", "VocabError", "by_category", "canonical", "check_answer",
           "edit_distance", "load_vocab", "read_vocab"]
