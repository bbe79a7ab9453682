"""fleet's building blocks (Paddle distributed/fleet/base): the strategy, the role makers,
the communication topology and UtilBase."""
