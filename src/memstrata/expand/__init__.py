"""Query expansion for recall: what a query says beyond its words.

* ``when``: the periods a query names (``on 7 May 2023``, ``5月1号``, ``last week``), so recall
  can also search inside them.
"""
