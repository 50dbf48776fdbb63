"""Phases of the game as small integers, named after the rulebook's sections, and the
small enumerations the state uses (factions, vote issues)."""

(
    COUNTERS,
    DEAL,
    OPENING,
    FIRST_PLAYER,
    REMOVE_ONE,
    DRAWING,
    TRADE_ASK,
    TRADE_OFFER,
    TRADE_REPLY,
    TRADE_ACCEPT,
    SPECIALS,
    SPECIAL_TARGET,
    VOTE_COUNTRY,
    VOTE_LAY,
    VOTE_ISSUE,
    VOTE_LAY_OTHERS,
    VOTE_CAST,
    VOTE_EFFECT,
    WAR_DICE,
    HAND_LIMIT,
    RANDOM_END,
    OVER,
) = range(22)

PHASE_NAMES = (
    "Taking Victory Point Counters",
    "Dealing out the Player Cards",
    "Dealing out the Player Cards: placing Influence Cards",
    "Who goes first?",
    "1. Remove One Influence Card",
    "2. Draw New Cards",
    "3. Trading Cards: what is asked for",
    "3. Trading Cards: the phasing player's offer",
    "3. Trading Cards: the other players' offers",
    "3. Trading Cards: accepting an offer",
    "4. Playing Special Cards",
    "4. Playing Special Cards: choosing the target",
    "5. The Vote: choosing the country",
    "5. The Vote: the caller places Influence Cards",
    "5. The Vote: choosing the issue",
    "5. The Vote: the other players place Influence Cards",
    "5. The Vote: Casting Votes",
    "5. The Vote: Effect of Losing a Vote",
    "Resolving a War",
    "6. Repeat Play: the hand limit",
    "Checking for a random end to the game",
    "Game over",
)

NEUTRAL = -1
"""A country with no faction counter; the factions are ``RED`` (0) and ``BLUE`` (1)."""

FACTION_NAMES = {-1: "neutral", 0: "red", 1: "blue"}

ALIGN, WAR, CHANGE, REARM = range(4)
"""Voting Issues a) to d): align a neutral country, war, change sides, re-arm."""

ISSUE_NAMES = ("align", "war", "change sides", "re-arm")
