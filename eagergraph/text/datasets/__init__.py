"""paddle.text.datasets from files already on disk (nothing is downloaded): UCIHousing and
Imdb, in Paddle's formats and with Paddle's arguments."""
from . import imdb, uci_housing
from .imdb import Imdb
from .uci_housing import UCIHousing

__all__ = ["Imdb", "UCIHousing", "imdb", "uci_housing"]
