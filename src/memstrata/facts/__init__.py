"""The rules that change facts: what a new value does to the stored ones (``resolve``), where
it falls among them by when it was said (``timeline``), and splitting a stored interval at a
late value (``split``)."""
