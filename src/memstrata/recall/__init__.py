"""The read path: candidates from both indexes (``search``) -> weighted RRF and the blended
score (``fusion``) -> hits, with the periods a query names (``periods``), outdated marks
(``outdated``), speaker focus (``recall.speakers``), match evidence (``recall.evidence``), key words
(``recall.key_words``) and the window of text a hit carries (``recall.excerpt``)."""
