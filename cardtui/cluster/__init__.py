"""One room across several hosts: NATS carries the tables, PostgreSQL keeps the chips.

- :mod:`~cardtui.cluster.credentials`: how a host proves itself to nats-server (a
  user and password, or a token, from a file or the environment; never none).
- :mod:`~cardtui.cluster.subjects`: the subjects a table speaks on: its requests, what
  everyone at it may see, and one subject per seat for what only that seat may see.
- :mod:`~cardtui.cluster.lease`: one owner per table, a lease in NATS's key-value
  store that lapses unless renewed, so a host that dies loses its tables within
  seconds and another host takes them over.

The chips themselves are in PostgreSQL (:mod:`cardtui.store.postgres`).
"""
