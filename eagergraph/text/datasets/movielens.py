"""Movielens (Paddle text/datasets/movielens.py): the MovieLens 1M ratings from the local
`ml-1m.zip` (ml-1m/movies.dat, users.dat, ratings.dat, '::'-separated, latin-1), read from the
archive. Each rating line goes to 'test' when a draw of NumPy's global generator, seeded with
`rand_seed` (Paddle seeds it too), falls below `test_ratio`. Items: [user id], [gender 0 male /
1 female], [age bucket], [job], [movie id], [category ids], [title word ids], [rating * 2 - 5].

As in Paddle, the title-word and category ids number the words in the iteration order of a
Python set, which depends on the process' string hashing (PYTHONHASHSEED): they agree with real
Paddle run in the same process, and differ between processes unless PYTHONHASHSEED is fixed."""
import re
import zipfile

import numpy as np

from ...io import Dataset
from ...vision.datasets.common import resolve

__all__ = []

age_table = [1, 18, 25, 35, 45, 50, 56]
URL = "https://dataset.bj.bcebos.com/movielens%2Fml-1m.zip"
MD5 = "c4d9eecfca2ab87c1945afe126590906"


class MovieInfo:
    """Movie id, title and categories."""

    def __init__(self, index, categories, title):
        self.index = int(index)
        self.categories = categories
        self.title = title

    def value(self, categories_dict, movie_title_dict):
        return [[self.index], [categories_dict[c] for c in self.categories],
                [movie_title_dict[w.lower()] for w in self.title.split()]]

    def __str__(self):
        return (f"<MovieInfo id({self.index}), title({self.title}), "
                f"categories({self.categories})>")

    __repr__ = __str__


class UserInfo:
    """User id, gender, age bucket (index into age_table) and job id."""

    def __init__(self, index, gender, age, job_id):
        self.index = int(index)
        self.is_male = gender == "M"
        self.age = age_table.index(int(age))
        self.job_id = int(job_id)

    def value(self):
        return [[self.index], [0 if self.is_male else 1], [self.age], [self.job_id]]

    def __str__(self):
        return (f"<UserInfo id({self.index}), gender({'M' if self.is_male else 'F'}), "
                f"age({age_table[self.age]}), job({self.job_id})>")

    __repr__ = __str__


def _lines(package, name):
    with package.open(name) as f:
        for line in f:
            yield line.decode(encoding="latin")


class Movielens(Dataset):
    """Movielens(data_file=None, mode='train', test_ratio=0.1, rand_seed=0, download=True)."""

    def __init__(self, data_file=None, mode="train", test_ratio=0.1, rand_seed=0,
                 download=True):
        assert mode.lower() in ["train", "test"], \
            f"mode should be 'train', 'test', but got {mode}"
        self.mode = mode.lower()
        # Paddle caches this archive under the module name 'sentiment'
        self.data_file = resolve("Movielens", "data_file", data_file, URL, MD5, "sentiment",
                                 download)
        self.test_ratio = test_ratio
        self.rand_seed = rand_seed
        np.random.seed(rand_seed)
        self._load_meta_info()
        self._load_data()

    def _load_meta_info(self):
        pattern = re.compile(r"^(.*)\((\d+)\)$")
        self.movie_info, self.movie_title_dict = {}, {}
        self.categories_dict, self.user_info = {}, {}
        title_words, categories_seen = set(), set()
        with zipfile.ZipFile(self.data_file) as package:
            for line in _lines(package, "ml-1m/movies.dat"):
                movie_id, title, categories = line.strip().split("::")
                categories = categories.split("|")
                categories_seen.update(categories)
                match = pattern.match(title)
                if match is None:
                    raise ValueError(f"Movielens: the title {title!r} of movie {movie_id} does "
                                     f"not end in '(year)'")
                title = match.group(1)
                self.movie_info[int(movie_id)] = MovieInfo(movie_id, categories, title)
                title_words.update(w.lower() for w in title.split())
            # numbered in set order, as Paddle does (see the module docstring)
            self.movie_title_dict = {w: i for i, w in enumerate(title_words)}
            self.categories_dict = {c: i for i, c in enumerate(categories_seen)}
            for line in _lines(package, "ml-1m/users.dat"):
                uid, gender, age, job, _ = line.strip().split("::")
                self.user_info[int(uid)] = UserInfo(uid, gender, age, job)

    def _load_data(self):
        self.data = []
        is_test = self.mode == "test"
        with zipfile.ZipFile(self.data_file) as package:
            for line in _lines(package, "ml-1m/ratings.dat"):
                if (np.random.random() < self.test_ratio) == is_test:
                    uid, mov_id, rating, _ = line.strip().split("::")
                    mov = self.movie_info[int(mov_id)]
                    usr = self.user_info[int(uid)]
                    self.data.append(usr.value()
                                     + mov.value(self.categories_dict, self.movie_title_dict)
                                     + [[float(rating) * 2 - 5.0]])

    def __getitem__(self, idx):
        return tuple(np.array(d) for d in self.data[idx])

    def __len__(self):
        return len(self.data)
