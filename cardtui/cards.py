"""The card model both games share: suits, ranks, cards, a deck and a shoe.

A new deck lists its 52 cards suit by suit (clubs, spades, hearts, diamonds),
each suit from the ace up to the king, so an unshuffled or stacked deck is
predictable (tests, demos):

>>> deck = Deck()
>>> len(deck)
52
>>> deck.cards[:3], deck.cards[12], deck.cards[-1]
([Card('Ac'), Card('2c'), Card('3c')], Card('Kc'), Card('Kd'))

Dealing takes the top card (the first one listed) and removes it:

>>> card = deck.deal()
>>> card, len(deck), card in deck.cards
(Card('Ac'), 51, False)

Shuffling keeps 52 distinct cards and changes their order:

>>> import random
>>> deck = Deck()
>>> deck.shuffle(random.Random(7))
>>> len(deck), len(set(deck.cards)), deck.cards != Deck().cards
(52, 52, True)

All randomness comes from an injected :class:`random.Random`, so a seed makes
every deal reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

from cardtui.i18n import N_
from cardtui.i18n.said import Said


class Suit(StrEnum):
    """The four suits; the value is the one-letter code used in card strings."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The capital letter used by ASCII rendering (``S H D C``)."""
        return self.value.upper()

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def code(self) -> int:
        """0-3 in the order c, d, h, s: the low two bits of :attr:`Card.index`."""
        return _SUIT_CODES[self]


# Text presentation code points only: never U+FE0F, which some terminals draw
# two cells wide while Rich counts one.
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_CODES = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
_SUITS_BY_CODE = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class Rank(IntEnum):
    """Card ranks; the value orders them for poker (the ace is high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """One character: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    @property
    def label(self) -> str:
        """How a player reads it on a card face: ``10`` rather than ``T``."""
        return "10" if self is Rank.TEN else self.char

    @property
    def blackjack_value(self) -> int:
        """Pip value in blackjack: faces count 10, the ace 1 (or 11 when it fits)."""
        if self is Rank.ACE:
            return 1
        return min(int(self), 10)

    @property
    def noun(self) -> str:
        """Singular English name: "Ace", "Seven"."""
        return _RANK_NOUNS[self - 2]

    @property
    def plural(self) -> str:
        """Plural English name: "Aces", "Sixes"."""
        return "Sixes" if self is Rank.SIX else self.noun + "s"


_RANK_NOUNS = (
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Ace",
)  # fmt: skip
_RANK_BY_CHAR = {r.char: r for r in Rank} | {"10": Rank.TEN, "1": Rank.ACE}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card: immutable, hashable, ordered by rank (then suit).

    >>> Card.parse("As"), Card.parse("Th"), Card.parse("10h")
    (Card('As'), Card('Th'), Card('Th'))
    >>> print(Card.parse("As").unicode(), Card.parse("10h").unicode(), Card.parse("Qd").ascii())
    A♠ 10♥ QD
    >>> Card.parse("Kc") > Card.parse("Qs"), sorted(Card.parse(c) for c in ("Ah", "2s", "Td"))
    (True, [Card('2s'), Card('Td'), Card('Ah')])
    >>> Card.parse("2c").index, Card.parse("As").index, Card.from_index(51)
    (0, 51, Card('As'))
    """

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``As``, ``Th``, ``10h`` or ``qD``; raise ``ValueError`` otherwise."""
        cleaned = text.strip()
        # The English words, their template and arguments kept for a player's language.
        not_a_card = Said(N_("{text} is not a card: write a rank and a suit, like As or 10h"),
                          text=repr(text))
        if len(cleaned) < 2:
            raise ValueError(not_a_card)
        rank_text, suit_text = cleaned[:-1].upper(), cleaned[-1].lower()
        suit_text = _SUIT_BY_SYMBOL.get(suit_text, suit_text)
        rank = _RANK_BY_CHAR.get(rank_text)
        if rank is None or suit_text not in _SUIT_VALUES:
            raise ValueError(not_a_card)
        return cls(rank, Suit(suit_text))

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose :attr:`index` is ``index`` (0-51)."""
        return ALL_CARDS[index]

    @property
    def index(self) -> int:
        """0-51: ``4 * (rank - 2) + suit.code``, so 2c is 0 and As is 51.

        The hold'em evaluator's fast path works on these integers.
        """
        return 4 * (self.rank - 2) + _SUIT_CODES[self.suit]

    @property
    def code(self) -> str:
        """Two-character code: ``As``, ``Th`` (the format PHH files use)."""
        return self.rank.char + self.suit.value

    def unicode(self) -> str:
        """``A♠``, ``10♥``."""
        return self.rank.label + _SUIT_SYMBOLS[self.suit]

    def ascii(self) -> str:
        """``AS``, ``10H``: for terminals without UTF-8."""
        return self.rank.label + self.suit.letter

    def render(self, ascii_only: bool = False) -> str:
        return self.ascii() if ascii_only else self.unicode()

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


_SUIT_VALUES = {s.value for s in Suit}
_SUIT_BY_SYMBOL = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}

#: Every card in :attr:`Card.index` order.
ALL_CARDS: tuple[Card, ...] = tuple(
    Card(Rank(r), _SUITS_BY_CODE[s]) for r in range(2, 15) for s in range(4)
)

#: The documented order of a new deck: clubs, spades, hearts, diamonds, each
#: from the ace up to the king (a fixed order, not a maker's new-deck order).
DECK_SUIT_ORDER = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
DECK_RANK_ORDER = (Rank.ACE, *(Rank(r) for r in range(2, 14)))


def new_deck_order() -> list[Card]:
    return [Card(rank, suit) for suit in DECK_SUIT_ORDER for rank in DECK_RANK_ORDER]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read several cards: ``"AhKh"``, ``"Ah Kh"``, ``"10h 9c"`` or a list of codes.

    >>> parse_cards("AhKh"), parse_cards("10h 9c")
    ([Card('Ah'), Card('Kh')], [Card('Th'), Card('9c')])
    """
    if not isinstance(text, str):
        return [Card.parse(t) for t in text]
    if any(ch.isspace() or ch == "," for ch in text.strip()):
        return [Card.parse(t) for t in text.replace(",", " ").split()]
    cards, rest = [], text.strip()
    while rest:
        size = 3 if rest.startswith("10") else 2
        cards.append(Card.parse(rest[:size]))
        rest = rest[size:]
    return cards


class Deck:
    """One 52-card deck. The top of the deck is the first card of :attr:`cards`."""

    def __init__(self, cards: Iterable[Card] | None = None) -> None:
        self.cards: list[Card] = list(cards) if cards is not None else new_deck_order()

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"Deck({len(self)} cards)"

    def shuffle(self, rng: random.Random) -> None:
        """Shuffle in place with the injected generator (never the global one)."""
        rng.shuffle(self.cards)

    def deal(self) -> Card:
        """Take the top card; ``ValueError`` when the deck is empty."""
        if not self.cards:
            raise ValueError("the deck is empty")
        return self.cards.pop(0)


@dataclass
class Shoe:
    """Several decks shuffled together, with a cut card.

    The cut card sits at ``penetration`` of the way through the shoe; once it
    has come out, :attr:`needs_shuffle` is true and the table reshuffles before
    the next round (the round in progress is finished from the same shoe).

    >>> shoe = Shoe(decks=6, penetration=0.75, rng=random.Random(1))
    >>> len(shoe), shoe.cut_card_position, shoe.needs_shuffle
    (312, 234, False)
    >>> _ = [shoe.deal() for _ in range(234)]
    >>> shoe.needs_shuffle, len(shoe)
    (True, 78)
    >>> shoe.shuffle(); len(shoe), shoe.needs_shuffle
    (312, False)
    """

    decks: int = 6
    penetration: float = 0.75
    rng: random.Random = field(default_factory=random.Random, repr=False)
    cards: list[Card] = field(default_factory=list, repr=False)
    dealt: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 8:
            raise ValueError(f"a shoe holds 1 to 8 decks, not {self.decks}")
        if not 0.1 <= self.penetration <= 0.95:
            raise ValueError(f"penetration must be between 10% and 95%, not {self.penetration:.0%}")
        if not self.cards:
            self.shuffle()

    @property
    def size(self) -> int:
        return 52 * self.decks

    @property
    def cut_card_position(self) -> int:
        """How many cards are dealt before the cut card comes out."""
        return int(self.size * self.penetration)

    @property
    def needs_shuffle(self) -> bool:
        return self.dealt >= self.cut_card_position

    def __len__(self) -> int:
        return len(self.cards)

    def shuffle(self, excluding: Iterable[Card] = ()) -> None:
        """Gather the cards back and shuffle the whole shoe.

        ``excluding`` are cards still on the table when a round runs the shoe
        dry: the dealer shuffles the discards and leaves those where they are.
        They count as dealt, so the cut card keeps its place.

        >>> shoe = Shoe(decks=1, rng=random.Random(5))
        >>> shoe.shuffle(excluding=[Card.parse("As"), Card.parse("Kd")])
        >>> len(shoe), shoe.dealt, Card.parse("As") in shoe.cards
        (50, 2, False)
        """
        self.cards = new_deck_order() * self.decks
        kept = list(excluding)
        for card in kept:
            self.cards.remove(card)  # the first copy, so a seed always gives the same shoe
        self.rng.shuffle(self.cards)
        # Cards are dealt from the end of the list: pop() is O(1).
        self.cards.reverse()
        self.dealt = len(kept)

    def deal(self) -> Card:
        if not self.cards:
            # A game that can run the shoe dry mid-round (the blackjack round
            # does) calls shuffle(excluding=cards on the table) first; this is
            # only the last resort of a caller that keeps no cards in play.
            self.shuffle()
        self.dealt += 1
        return self.cards.pop()

    def stack(self, cards: Iterable[Card | str]) -> None:
        """Move these cards to the top, to be dealt in the given order (tests, demos).

        Each card is taken out of the shoe first, so the shoe still holds
        exactly ``decks`` copies of every card.

        >>> shoe = Shoe(decks=1, rng=random.Random(3))
        >>> shoe.stack(["As", "Kd"])
        >>> shoe.deal(), shoe.deal(), len(shoe), Card.parse("As") in shoe.cards
        (Card('As'), Card('Kd'), 50, False)
        """
        top = [c if isinstance(c, Card) else Card.parse(c) for c in cards]
        for card in top:
            if card in self.cards:
                self.cards.remove(card)
        self.cards.extend(reversed(top))
