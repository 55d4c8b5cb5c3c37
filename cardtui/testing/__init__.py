"""Scaffolding for cardtui's tests and benchmarks; never imported by the game itself.

``probe`` is a bare Textual app that stands in for the game behind the SSH
bridge; ``ssh`` is a scripted SSH player with a ``pyte`` screen. Both need the
``test`` extra (pyte, asyncssh).
"""
