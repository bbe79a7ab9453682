"""paddle.text: the datasets that read local files (paddle.text.datasets)."""
from . import datasets
from .datasets import Imdb, UCIHousing

__all__ = ["datasets", "Imdb", "UCIHousing"]
