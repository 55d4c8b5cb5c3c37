"""One room across several hosts: NATS carries the tables, PostgreSQL keeps the chips.

- :mod:`~cardtui.cluster.credentials`: how a host proves itself to nats-server (a
  user and password, or a token, from a file or the environment; never none).
- :mod:`~cardtui.cluster.shards`: the room's parts (the lobby, each table of the tables
  file) and the host each is placed on.
- :mod:`~cardtui.cluster.lease`: one owner per part, a lease in NATS's key-value
  store that lapses unless renewed, so a host that dies loses its tables within
  seconds and other hosts take them over.
- :mod:`~cardtui.cluster.node`: one host's share of the room: the parts it runs, its
  players' relays, following each part's owner.
- :mod:`~cardtui.cluster.lines`: each game's line to every part, over NATS.
- :mod:`~cardtui.cluster.subjects`: the subjects they speak on, and what each host's NATS
  user may read (its own players' lines only).

The chips themselves are in PostgreSQL (:mod:`cardtui.store.postgres`).
"""
