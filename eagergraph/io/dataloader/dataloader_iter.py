"""DataLoader iterators (Paddle python/paddle/io/dataloader/dataloader_iter.py): one that fetches
in the calling process, and one that farms index batches out to worker processes and hands the
results back in sampler order.

Each worker sends its results over its own pipe whose write end only that worker holds (the
main process closes its copy once the worker started, before the next one forks): when a
worker dies, even half-way through sending a large batch, the main process reads EOF at once
instead of waiting forever for the rest of the message, and raises naming the worker's pid and
the signal that killed it."""
import itertools
import multiprocessing
import multiprocessing.connection
import pickle
import signal
import sys
import time

import numpy as np

from .batch_sampler import _InfiniteIterableSampler
from .collate import default_collate_fn, default_convert_fn
from .convert import to_output
from .fetcher import MAP, create_fetcher
from .worker import _WorkerException, _worker_loop

__all__ = []

_POLL_INTERVAL = 1.0  # seconds between checks that the workers are still alive
_JOIN_TIMEOUT = 1.0   # seconds the workers get to exit before they are terminated
_DEATH_JOIN = 5.0     # seconds to wait for a worker whose pipe closed to be reaped


def _death(w):
    """How worker process `w` ended, for the error message."""
    code = w.exitcode
    if code is None:
        return f"pid {w.pid} closed its pipe"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"pid {w.pid} was killed by signal {name}"
    return f"pid {w.pid} exited with code {code}"


class _DataLoaderIterBase:
    def __init__(self, loader):
        self._dataset = loader.dataset
        self._batch_sampler = loader.batch_sampler
        self._drop_last = loader.drop_last
        self._auto_collate_batch = loader.auto_collate_batch
        self._num_workers = loader.num_workers
        self._prefetch_factor = loader.prefetch_factor
        self._timeout = loader.timeout
        self._worker_init_fn = loader.worker_init_fn
        self._dataset_kind = loader.dataset_kind
        self._sampler_iter = iter(self._index_sampler)
        if self._auto_collate_batch:
            self._collate_fn = loader.collate_fn or default_collate_fn
        else:
            self._collate_fn = loader.collate_fn or default_convert_fn

    @property
    def _index_sampler(self):
        if self._auto_collate_batch:
            return self._batch_sampler
        if self._dataset_kind == MAP:
            return list(range(len(self._dataset)))
        return _InfiniteIterableSampler(self._dataset, 1)

    def __iter__(self):
        return self

    def __len__(self):
        return len(self._batch_sampler)


class _DataLoaderIterSingleProcess(_DataLoaderIterBase):
    def __init__(self, loader):
        super().__init__(loader)
        self._fetcher = create_fetcher(self._dataset_kind, self._dataset,
                                       self._auto_collate_batch, self._collate_fn,
                                       self._drop_last)

    def __next__(self):
        indices = next(self._sampler_iter)
        return to_output(self._fetcher.fetch(indices))


def _mp_context():
    # fork, as Paddle on Linux: datasets and collate functions need not be picklable
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


class _DataLoaderIterMultiProcess(_DataLoaderIterBase):
    def __init__(self, loader):
        super().__init__(loader)
        assert self._num_workers > 0, \
            f"Multi-process DataLoader invalid num_workers({self._num_workers})"
        self._persistent_workers = loader._persistent_workers
        self._outstanding_capacity = self._prefetch_factor * self._num_workers
        self._base_seed = np.random.randint(low=0, high=sys.maxsize)
        self._epoch = 0
        self._shutdown = False
        self._workers = []
        self._init_workers()
        self._start_epoch()

    def _init_workers(self):
        ctx = _mp_context()
        self._indices_queues = []
        self._workers_idx_cycle = itertools.cycle(range(self._num_workers))
        self._data_conns = []   # the read end of each worker's result pipe (None once closed)
        self._workers_done_event = ctx.Event()
        for i in range(self._num_workers):
            indices_queue = ctx.Queue()
            indices_queue.cancel_join_thread()
            self._indices_queues.append(indices_queue)
            reader, writer = ctx.Pipe(duplex=False)
            worker = ctx.Process(
                target=_worker_loop,
                args=(self._dataset, self._dataset_kind, indices_queue, writer,
                      self._workers_done_event, self._auto_collate_batch, self._collate_fn,
                      self._drop_last, self._worker_init_fn, i, self._num_workers,
                      self._base_seed))
            worker.daemon = True
            worker.start()
            writer.close()  # the worker holds the only write end: its death is EOF here
            self._workers.append(worker)
            self._data_conns.append(reader)
        self._worker_status = [True] * self._num_workers

    def _start_epoch(self):
        self._send_idx = 0
        self._rcvd_idx = 0
        self._task_infos = {}   # idx -> worker id, for batches not handed out yet
        self._results = {}      # idx -> batch that came back before its turn
        for _ in range(self._outstanding_capacity):
            self._try_put_indices()

    def _reset(self):
        """Start another pass over the same (persistent) workers."""
        self._epoch += 1
        for q in self._indices_queues:
            q.put(("resume", self._epoch))
        self._worker_status = [True] * self._num_workers
        self._sampler_iter = iter(self._index_sampler)
        self._start_epoch()

    def _try_put_indices(self):
        try:
            indices = next(self._sampler_iter)
        except StopIteration:
            return
        for _ in range(self._num_workers):
            worker_idx = next(self._workers_idx_cycle)
            if self._worker_status[worker_idx]:
                break
        else:
            return
        self._indices_queues[worker_idx].put((self._epoch, self._send_idx, indices))
        self._task_infos[self._send_idx] = worker_idx
        self._send_idx += 1

    def _get_message(self):
        deadline = time.monotonic() + self._timeout if self._timeout > 0 else None
        while True:
            wait = _POLL_INTERVAL if deadline is None else \
                min(_POLL_INTERVAL, max(deadline - time.monotonic(), 0.0))
            open_conns = [c for c in self._data_conns if c is not None]
            for conn in multiprocessing.connection.wait(open_conns, timeout=wait):
                try:
                    return pickle.loads(conn.recv_bytes())
                except (EOFError, OSError):  # the worker is gone (mid-message, perhaps)
                    i = self._data_conns.index(conn)
                    conn.close()
                    self._data_conns[i] = None
                    self._workers[i].join(_DEATH_JOIN)
            failed = [w for i, w in enumerate(self._workers)
                      if (self._worker_status[i] or self._data_conns[i] is None)
                      and not w.is_alive()]
            if failed:
                self._try_shutdown_all(0.0)
                pids = ", ".join(str(w.pid) for w in failed)
                raise RuntimeError(f"DataLoader {len(failed)} workers exit unexpectedly, "
                                   f"pids: {pids} ({'; '.join(_death(w) for w in failed)})")
            if deadline is not None and time.monotonic() >= deadline:
                self._try_shutdown_all(0.0)
                raise RuntimeError(f"DataLoader timed out after {self._timeout} seconds "
                                   f"waiting for a batch from its workers")

    def _next_batch(self):
        while True:
            # batches promised by an IterableDataset worker that ran dry never come
            while self._rcvd_idx < self._send_idx and self._rcvd_idx not in self._results \
                    and not self._worker_status[self._task_infos[self._rcvd_idx]]:
                del self._task_infos[self._rcvd_idx]
                self._rcvd_idx += 1
            if self._rcvd_idx in self._results:
                del self._task_infos[self._rcvd_idx]
                self._rcvd_idx += 1
                return self._results.pop(self._rcvd_idx - 1)
            if self._rcvd_idx >= self._send_idx:
                return None
            msg = self._get_message()
            if msg[0] == "stop":
                _, epoch, worker_id = msg
                if epoch == self._epoch:
                    self._worker_status[worker_id] = False
                    self._try_put_indices()
                continue
            epoch, idx, batch = msg
            if epoch != self._epoch:
                continue  # left over from a pass that was abandoned
            if isinstance(batch, _WorkerException):
                self._try_shutdown_all(0.0)
                batch.reraise()
            self._results[idx] = batch

    def __next__(self):
        if self._shutdown:
            raise StopIteration
        batch = self._next_batch()
        if batch is None:
            if not self._persistent_workers:
                self._try_shutdown_all()
            raise StopIteration
        self._try_put_indices()
        return to_output(batch)

    def _try_shutdown_all(self, join_timeout=_JOIN_TIMEOUT):
        if self._shutdown:
            return
        self._shutdown = True
        self._workers_done_event.set()
        for q in self._indices_queues:
            try:
                q.put(None)
            except Exception:
                pass
        for conn in self._data_conns:  # a worker blocked sending a batch gets BrokenPipeError
            if conn is not None:
                conn.close()
        self._data_conns = [None] * len(self._data_conns)
        deadline = time.monotonic() + join_timeout
        for w in self._workers:
            w.join(max(deadline - time.monotonic(), 0.0))
            if w.is_alive():
                w.terminate()
                w.join()
        for q in self._indices_queues:
            q.cancel_join_thread()
            q.close()

    def __del__(self):
        if getattr(self, "_workers", None) is not None and hasattr(self, "_data_conns"):
            try:
                self._try_shutdown_all()
            except Exception:  # interpreter shutdown: modules may already be gone
                pass
