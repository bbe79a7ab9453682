"""paddle.io: datasets, samplers, DistributedBatchSampler, DataLoader batching and workers.

Expected values are computed here independently (by hand or straight from NumPy); Paddle 3.3.1
draws RandomSampler/WeightedRandomSampler from np.random and DistributedBatchSampler's shuffle
from np.random.RandomState(epoch), so those reproduce Paddle's orders exactly."""
import gc
import os
import time

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.io import (BatchSampler, ChainDataset, ComposeDataset, ConcatDataset, DataLoader,
                           Dataset, DistributedBatchSampler, IterableDataset, RandomSampler,
                           SequenceSampler, Subset, SubsetRandomSampler, TensorDataset,
                           WeightedRandomSampler, get_worker_info, random_split)
from eagergraph.io.dataloader.collate import default_collate_fn


class Range(Dataset):
    def __init__(self, n, f=lambda i: i):
        self.n, self.f = n, f

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return self.f(i)


class Stream(IterableDataset):
    """0..n-1, split over workers by get_worker_info()."""

    def __init__(self, n):
        self.n = n

    def __iter__(self):
        info = get_worker_info()
        start, step = (0, 1) if info is None else (info.id, info.num_workers)
        for i in range(start, self.n, step):
            yield np.array([i])


def values(batches):
    return [b.numpy().tolist() for b in batches]


# ---------------------------------------------------------------------------------- datasets

def test_datasets():
    x = paddle.to_tensor(np.arange(6).reshape(3, 2))
    y = paddle.to_tensor([10, 20, 30])
    ds = TensorDataset([x, y])
    assert len(ds) == 3
    a, b = ds[1]
    assert a.tolist() == [2, 3] and b.tolist() == 20
    with pytest.raises(AssertionError):
        TensorDataset([x, paddle.to_tensor([1, 2])])

    comp = ComposeDataset([Range(3, lambda i: (i, -i)), Range(3, lambda i: i * 10)])
    assert len(comp) == 3 and comp[2] == (2, -2, 20)

    chain = ChainDataset([Stream(2), Stream(3)])
    assert [int(v[0]) for v in chain] == [0, 1, 0, 1, 2]

    sub = Subset(Range(10), [7, 2, 5])
    assert len(sub) == 3 and [sub[i] for i in range(3)] == [7, 2, 5]

    cat = ConcatDataset([Range(2), Range(3, lambda i: 100 + i)])
    assert len(cat) == 5 and [cat[i] for i in range(5)] == [0, 1, 100, 101, 102]
    assert cat[-1] == 102

    with pytest.raises(RuntimeError, match="should not be called for IterableDataset"):
        len(Stream(3))
    with pytest.raises(NotImplementedError):
        Dataset()[0]


def test_random_split():
    paddle.seed(5)
    parts = random_split(Range(10), [3, 7])
    assert [len(p) for p in parts] == [3, 7]
    got = sorted(p[i] for p in parts for i in range(len(p)))
    assert got == list(range(10))
    paddle.seed(5)
    again = random_split(Range(10), [3, 7])
    assert [list(p.indices) for p in again] == [list(p.indices) for p in parts]
    # fractions: floor(10 * 0.25) = 2, floor(10 * 0.75) = 7, the remainder 1 goes to the first
    assert [len(p) for p in random_split(Range(10), [0.25, 0.75])] == [3, 7]
    with pytest.raises(ValueError, match="Sum of input lengths"):
        random_split(Range(10), [3, 3])


# ---------------------------------------------------------------------------------- samplers

def test_sequence_and_random_sampler():
    assert list(SequenceSampler(Range(4))) == [0, 1, 2, 3]
    np.random.seed(42)
    got = list(RandomSampler(Range(8)))
    np.random.seed(42)
    assert got == np.random.choice(np.arange(8), 8, replace=False).tolist()
    assert sorted(got) == list(range(8))

    np.random.seed(3)
    got = list(RandomSampler(Range(4), replacement=True, num_samples=10))
    np.random.seed(3)
    assert got == np.random.choice(np.arange(4), 10, replace=True).tolist()
    assert len(RandomSampler(Range(4), replacement=True, num_samples=10)) == 10

    assert list(RandomSampler(Range(5), num_samples=3, generator=iter([4, 0, 2, 1]))) == [4, 0, 2]
    with pytest.raises(ValueError, match="num_samples should be smaller"):
        RandomSampler(Range(3), num_samples=5)
    with pytest.raises(TypeError, match="expect boolean value for replacement"):
        RandomSampler(Range(3), replacement=1)


def test_weighted_and_subset_random_sampler():
    w = np.array([0.0, 1.0, 3.0, 0.0])
    np.random.seed(9)
    got = list(WeightedRandomSampler(w, 50))
    np.random.seed(9)
    assert got == np.random.choice(4, 50, True, w / w.sum()).tolist()
    assert set(got) <= {1, 2}  # zero weights are never drawn
    assert list(WeightedRandomSampler(paddle.to_tensor(w), 2, replacement=False)) in ([1, 2],
                                                                                     [2, 1])
    assert len(WeightedRandomSampler(w, 7)) == 7
    with pytest.raises(ValueError, match="num_samples should be a positive integer"):
        WeightedRandomSampler(w, 0)

    paddle.seed(2023)
    first = list(SubsetRandomSampler([1, 3, 5, 7, 9]))
    paddle.seed(2023)
    assert list(SubsetRandomSampler([1, 3, 5, 7, 9])) == first
    assert sorted(first) == [1, 3, 5, 7, 9]


def test_batch_sampler():
    bs = BatchSampler(Range(7), batch_size=3)
    assert list(bs) == [[0, 1, 2], [3, 4, 5], [6]] and len(bs) == 3
    bs = BatchSampler(Range(7), batch_size=3, drop_last=True)
    assert list(bs) == [[0, 1, 2], [3, 4, 5]] and len(bs) == 2
    bs = BatchSampler(sampler=SequenceSampler(Range(4)), batch_size=2)
    assert list(bs) == [[0, 1], [2, 3]]
    np.random.seed(1)
    got = list(BatchSampler(Range(5), shuffle=True, batch_size=2))
    np.random.seed(1)
    perm = np.random.choice(np.arange(5), 5, replace=False).tolist()
    assert got == [perm[0:2], perm[2:4], perm[4:]]
    with pytest.raises(AssertionError, match="should not set both dataset and sampler"):
        BatchSampler(Range(3), sampler=SequenceSampler(Range(3)))
    with pytest.raises(AssertionError, match="batch_size should be a positive integer"):
        BatchSampler(Range(3), batch_size=0)


# ------------------------------------------------------------------ DistributedBatchSampler

def _dist(n, bs, nranks, **kw):
    return [list(DistributedBatchSampler(Range(n), bs, num_replicas=nranks, rank=r, **kw))
            for r in range(nranks)]


def test_distributed_batch_sampler_hand_computed():
    # 10 samples, 3 ranks, batch 2: padded to 12 = 0..9,0,1; global batches of 6
    assert _dist(10, 2, 3) == [[[0, 1], [6, 7]], [[2, 3], [8, 9]], [[4, 5], [0, 1]]]
    # 7 samples, 2 ranks, batch 3: padded to 8 = 0..6,0; one full global batch of 6, then the
    # last 2 split one each
    assert _dist(7, 3, 2) == [[[0, 1, 2], [6]], [[3, 4, 5], [0]]]
    assert _dist(7, 3, 2, drop_last=True) == [[[0, 1, 2]], [[3, 4, 5]]]
    # fewer samples than ranks: the padding repeats the data
    assert _dist(2, 1, 5) == [[[0]], [[1]], [[0]], [[1]], [[0]]]
    # one rank: everything in order
    assert _dist(5, 2, 1) == [[[0, 1], [2, 3], [4]]]
    s = DistributedBatchSampler(Range(7), 3, num_replicas=2, rank=0)
    assert (s.num_samples, s.total_size, len(s)) == (4, 8, 2)
    assert len(DistributedBatchSampler(Range(7), 3, num_replicas=2, rank=0, drop_last=True)) == 1


@pytest.mark.parametrize("nranks", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("n,bs", [(1, 1), (7, 2), (10, 3), (16, 4), (23, 5)])
def test_distributed_batch_sampler_partitions_padded_data(n, bs, nranks):
    num_samples = -(-n // nranks)
    total = num_samples * nranks
    padded = (list(range(n)) * (total // n + 1))[:total]
    per_rank = _dist(n, bs, nranks)
    flat = [[i for b in batches for i in b] for batches in per_rank]
    assert all(len(f) == num_samples for f in flat)
    assert sorted(i for f in flat for i in f) == sorted(padded)
    assert all(len(b) == bs for batches in per_rank for b in batches[:-1])
    # the ranks' k-th batches together are the k-th global batch, in rank order
    for k in range(len(per_rank[0])):
        if all(len(batches[k]) == bs for batches in per_rank):
            assert [i for batches in per_rank for i in batches[k]] == \
                padded[k * bs * nranks:(k + 1) * bs * nranks]


def test_distributed_batch_sampler_shuffle_by_epoch(monkeypatch):
    def expected(n, nranks, rank, bs, epoch):
        idx = list(range(n))
        np.random.RandomState(epoch).shuffle(idx)
        return [i for k in range(0, n, bs * nranks) for i in idx[k + rank * bs:k + rank * bs + bs]]

    s = DistributedBatchSampler(Range(12), 2, num_replicas=2, rank=1, shuffle=True)
    e0 = [i for b in s for i in b]
    e1 = [i for b in s for i in b]  # the epoch advanced by itself
    assert e0 == expected(12, 2, 1, 2, 0) and e1 == expected(12, 2, 1, 2, 1)
    s.set_epoch(7)
    assert [i for b in s for i in b] == expected(12, 2, 1, 2, 7)
    # the ranks agree on the permutation: together they cover the data once
    both = [DistributedBatchSampler(Range(12), 2, num_replicas=2, rank=r, shuffle=True)
            for r in range(2)]
    for b in both:
        b.set_epoch(3)
    assert sorted(i for b in both for batch in b for i in batch) == list(range(12))

    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "3")
    monkeypatch.setenv("PADDLE_TRAINER_ID", "2")
    s = DistributedBatchSampler(Range(10), 2)
    assert (s.nranks, s.local_rank) == (3, 2) and list(s) == [[4, 5], [0, 1]]
    monkeypatch.delenv("PADDLE_TRAINERS_NUM")
    monkeypatch.delenv("PADDLE_TRAINER_ID")
    s = DistributedBatchSampler(Range(10), 2)
    assert (s.nranks, s.local_rank) == (1, 0)


# ------------------------------------------------------------------------ DataLoader batches

def _describe(x):
    if isinstance(x, paddle.Tensor):
        return (str(x.dtype), x.shape, x.tolist())
    if isinstance(x, dict):
        return {k: _describe(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_describe(v) for v in x]
    return x


def test_collate_dtypes_and_structure():
    # what Paddle 3.3.1 gives: numbers go through np.array, so ints are int64, floats float64
    def first(f, **kw):
        return _describe(next(iter(DataLoader(Range(5, f), batch_size=2, **kw))))

    assert first(lambda i: i) == ("paddle.int64", [2], [0, 1])
    assert first(lambda i: float(i)) == ("paddle.float64", [2], [0.0, 1.0])
    assert first(lambda i: i > 0) == ("paddle.bool", [2], [False, True])
    assert first(lambda i: np.int32(i)) == ("paddle.int32", [2], [0, 1])
    assert first(lambda i: np.ones(2, np.float32) * i) == \
        ("paddle.float32", [2, 2], [[0.0, 0.0], [1.0, 1.0]])
    assert first(lambda i: (i, 2.5)) == [("paddle.int64", [2], [0, 1]),
                                         ("paddle.float64", [2], [2.5, 2.5])]
    assert first(lambda i: {"img": np.full([1], i, np.float16), "label": i, "name": f"s{i}"}) == \
        {"img": ("paddle.float16", [2, 1], [[0.0], [1.0]]),
         "label": ("paddle.int64", [2], [0, 1]), "name": ["s0", "s1"]}
    assert first(lambda i: [paddle.to_tensor([i, i])]) == [("paddle.int64", [2, 2],
                                                             [[0, 0], [1, 1]])]
    # the collate function itself returns NumPy for numbers and arrays
    out = default_collate_fn([(1, np.zeros(2)), (2, np.ones(2))])
    assert isinstance(out, list) and out[0].dtype == np.int64 and out[1].shape == (2, 2)
    with pytest.raises(TypeError, match="batch data con only contains"):
        default_collate_fn([object(), object()])
    with pytest.raises(RuntimeError, match="fields number not same"):
        default_collate_fn([[1], [1, 2]])


def test_dataloader_outputs_are_detached_tensors():
    w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    batch = next(iter(DataLoader(Range(4, lambda i: w * i), batch_size=2)))
    assert batch.stop_gradient and batch.tolist() == [[0.0, 0.0], [1.0, 2.0]]


def test_dataloader_len_drop_last_and_modes():
    dl = DataLoader(Range(5), batch_size=2)
    assert len(dl) == 3 and values(dl) == [[0, 1], [2, 3], [4]]
    dl = DataLoader(Range(5), batch_size=2, drop_last=True)
    assert len(dl) == 2 and values(dl) == [[0, 1], [2, 3]]
    # batch_size=None: no batching, numbers stay numbers, arrays become Tensors
    got = list(DataLoader(Range(3, lambda i: (np.array([i]), i)), batch_size=None))
    assert len(got) == 3 and got[2][1] == 2 and got[2][0].tolist() == [2]
    # own batch_sampler and collate_fn
    dl = DataLoader(Range(6), batch_sampler=BatchSampler(sampler=[5, 4, 3, 2], batch_size=3),
                    collate_fn=lambda b: np.array(b) * 10)
    assert len(dl) == 2 and values(dl) == [[50, 40, 30], [20]]
    with pytest.raises(AssertionError, match="should not be set when batch_sampler is given"):
        DataLoader(Range(6), batch_size=2, batch_sampler=BatchSampler(Range(6)))


def test_dataloader_iterable_dataset():
    assert values(DataLoader(Stream(5), batch_size=2)) == [[[0], [1]], [[2], [3]], [[4]]]
    assert values(DataLoader(Stream(5), batch_size=2, drop_last=True)) == [[[0], [1]],
                                                                           [[2], [3]]]
    with pytest.raises(ValueError, match="length of IterableDataset not supported"):
        len(DataLoader(Stream(5)))
    with pytest.raises(ValueError, match="IterableDataset not support shuffle"):
        DataLoader(Stream(5), shuffle=True)


def test_shuffle_is_reproducible():
    def epoch():
        return [i for b in DataLoader(Range(10), batch_size=4, shuffle=True) for i in b.tolist()]

    np.random.seed(123)
    first = epoch()
    np.random.seed(123)
    assert epoch() == first
    np.random.seed(123)  # Paddle's order: RandomSampler's np.random.choice
    assert first == np.random.choice(np.arange(10), 10, replace=False).tolist()
    # paddle.seed drives the samplers that use paddle.randperm
    def subset_epoch():
        sampler = BatchSampler(sampler=SubsetRandomSampler(list(range(10))), batch_size=4)
        return [i for b in DataLoader(Range(10), batch_sampler=sampler) for i in b.tolist()]
    paddle.seed(7)
    a = subset_epoch()
    paddle.seed(7)
    assert subset_epoch() == a and sorted(a) == list(range(10))


# ------------------------------------------------------------------------------- workers

class WorkerProbe(Dataset):
    def __len__(self):
        return 8

    def __getitem__(self, i):
        info = get_worker_info()
        return (np.array([i]), info.id, info.num_workers, info.seed, info.dataset is not None,
                int(os.environ.get("EG_TEST_INIT", "-1")), os.getpid())


def _init(worker_id):
    os.environ["EG_TEST_INIT"] = str(100 + worker_id)


def test_workers_match_single_process_and_see_worker_info():
    assert get_worker_info() is None
    expected = values(DataLoader(Range(8, lambda i: np.array([i])), batch_size=3))
    batches = list(DataLoader(WorkerProbe(), batch_size=3, num_workers=2, worker_init_fn=_init))
    assert [b[0].tolist() for b in batches] == expected  # in sampler order
    ids = [b[1].tolist() for b in batches]
    assert ids == [[0, 0, 0], [1, 1, 1], [0, 0]]  # batches go round-robin to the workers
    assert all(b[2].tolist() == [2] * len(b[2].tolist()) for b in batches)
    seeds = {s for b in batches for s in b[3].tolist()}
    assert len(seeds) == 1  # WorkerInfo.seed is the loader's base seed, as Paddle
    assert all(all(b[4].tolist()) for b in batches)
    assert [b[5].tolist() for b in batches] == [[100] * 3, [101] * 3, [100] * 2]
    pids = {p for b in batches for p in b[6].tolist()}
    assert len(pids) == 2 and os.getpid() not in pids
    assert "EG_TEST_INIT" not in os.environ  # worker_init_fn ran in the workers only


class RandomDraws(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        return np.random.randint(0, 10 ** 6), paddle.randint(0, 10 ** 6, [1]).tolist()[0]


def test_worker_seeds_follow_numpy_seed():
    def run():
        return [b[0].tolist() + b[1].tolist()
                for b in DataLoader(RandomDraws(), batch_size=2, num_workers=2)]

    np.random.seed(0)
    a = run()
    np.random.seed(0)
    assert run() == a
    assert a[0][:2] != a[1][:2]  # the two workers draw different numbers


def test_iterable_dataset_split_over_workers():
    got = values(DataLoader(Stream(7), batch_size=2, num_workers=2))
    flat = sorted(i for b in got for row in b for i in row)
    assert flat == list(range(7))
    # worker 0 streams 0,2,4,6 and worker 1 streams 1,3,5; batches alternate between them
    assert got == [[[0], [2]], [[1], [3]], [[4], [6]], [[5]]]


class Failing(Dataset):
    def __len__(self):
        return 6

    def __getitem__(self, i):
        if i == 3:
            raise KeyError("sample 3 is broken")
        return i


def test_worker_exception_is_reraised_and_workers_stop():
    start = time.monotonic()
    it = iter(DataLoader(Failing(), batch_size=2, num_workers=2))
    workers = list(it._workers)
    with pytest.raises(KeyError) as exc:
        list(it)
    msg = str(exc.value)
    assert "DataLoader worker(1) caught KeyError" in msg
    assert "sample 3 is broken" in msg and "__getitem__" in msg  # the worker's traceback
    assert not any(w.is_alive() for w in workers)
    assert time.monotonic() - start < 10


class Crashing(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        os._exit(3)


def test_worker_crash_is_an_error_not_a_hang():
    start = time.monotonic()
    with pytest.raises(RuntimeError, match="workers exit unexpectedly"):
        list(DataLoader(Crashing(), batch_size=1, num_workers=1))
    assert time.monotonic() - start < 10


def test_dropping_the_iterator_stops_the_workers():
    it = iter(DataLoader(Range(100), batch_size=2, num_workers=2))
    assert next(it).tolist() == [0, 1]
    workers = list(it._workers)
    del it
    gc.collect()
    assert not any(w.is_alive() for w in workers)


def test_persistent_workers_and_timeout():
    dl = DataLoader(WorkerProbe(), batch_size=4, num_workers=2, persistent_workers=True)
    e1, e2 = list(dl), list(dl)
    assert [b[0].tolist() for b in e1] == [b[0].tolist() for b in e2] == \
        [[[0], [1], [2], [3]], [[4], [5], [6], [7]]]
    assert {p for b in e1 for p in b[6].tolist()} == {p for b in e2 for p in b[6].tolist()}
    workers = list(dl._iterator._workers)
    del dl
    gc.collect()
    assert not any(w.is_alive() for w in workers)

    slow = Range(2, lambda i: time.sleep(3) or i)
    start = time.monotonic()
    with pytest.raises(RuntimeError, match="timed out after 1 seconds"):
        list(DataLoader(slow, batch_size=1, num_workers=1, timeout=1))
    assert time.monotonic() - start < 3
