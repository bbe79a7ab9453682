"""Worker processes of a multi-process DataLoader (Paddle python/paddle/io/dataloader/worker.py).

A worker seeds `random`, `paddle.seed` (base_seed + id) and NumPy (Paddle's hashed seed
sequence), publishes `get_worker_info()`, calls `worker_init_fn(id)`, then answers index
messages from its own queue on its own result pipe (whose write end only it holds) until it
gets None, the loader sets `done_event`, or its parent process goes away. Messages:

    in:  (epoch, idx, indices) | ("resume", epoch) | None
    out: pickled (epoch, idx, batch | _WorkerException) | ("stop", epoch, worker_id)

Results are pickled here, so an unpicklable batch becomes an error in the main process, and
sent from this thread (no feeder thread to lose them).
"""
import os
import pickle
import queue
import random
import sys
import traceback

import numpy as np

from ...phi.generator import seed as _paddle_seed
from .convert import to_transfer
from .fetcher import ITER, create_fetcher

__all__ = ["get_worker_info", "WorkerInfo"]

MP_STATUS_CHECK_INTERVAL = 5.0

_worker_info = None


def get_worker_info():
    """In a DataLoader worker process: a WorkerInfo with `id`, `num_workers`, `seed` and the
    worker's copy of `dataset`; in the main process: None."""
    return _worker_info


class WorkerInfo:
    __initialized = False

    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)
        self.__initialized = True

    def __setattr__(self, key, val):
        if self.__initialized:
            raise RuntimeError(f"Cannot assign attributes to {self.__class__.__name__} objects")
        return super().__setattr__(key, val)


class _WorkerException:
    """An exception caught in a worker, carried to the main process with its traceback."""

    def __init__(self, worker_id, exc_info=None):
        self.worker_id = worker_id
        exc_info = exc_info or sys.exc_info()
        self.exc_type = exc_info[0]
        try:
            pickle.dumps(self.exc_type)
        except Exception:  # a class the main process could not import
            self.exc_type = RuntimeError
        self.exc_msg = "".join(traceback.format_exception(*exc_info))

    def reraise(self):
        msg = (f"DataLoader worker({self.worker_id}) caught {self.exc_type.__name__} with "
               f"message:\n{self.exc_msg}")
        try:
            if getattr(self.exc_type, "message", None):
                err = self.exc_type(message=msg)
            else:
                err = self.exc_type(msg)
        except Exception:  # an exception type that does not take one message
            err = RuntimeError(msg)
        raise err


# Paddle's seed-sequence hash (after NumPy's SeedSequence) for the per-worker NumPy seed
INIT_A, MULT_A = 0x43B0D7E5, 0x931E8875
INIT_B, MULT_B = 0x8B51F9DD, 0x58F38DED
MIX_MULT_L, MIX_MULT_R = 0xCA01F9DD, 0x4973F715
XSHIFT = np.dtype(np.uint32).itemsize * 8 // 2
MASK32 = 0xFFFFFFFF


def _generate_states(base_seed=0, worker_id=0):
    hash_const_A = INIT_A
    hash_const_B = INIT_B

    def hash(value):
        nonlocal hash_const_A
        value = (value ^ hash_const_A) & MASK32
        hash_const_A = (hash_const_A * MULT_A) & MASK32
        value = (value * hash_const_A) & MASK32
        return (value ^ (value >> XSHIFT)) & MASK32

    def mix(x, y):
        result = ((MIX_MULT_L * x) & MASK32) - ((MIX_MULT_R * y) & MASK32)
        result &= MASK32
        return (result ^ (result >> XSHIFT)) & MASK32

    pool = [hash(e) for e in (worker_id, base_seed & MASK32, base_seed >> 32, 0)]
    for i in range(len(pool)):
        for j in range(len(pool)):
            if i != j:
                pool[j] = mix(pool[j], hash(pool[i]))
    states = []
    for p in pool:
        state = (p ^ hash_const_B) & MASK32
        hash_const_B = (hash_const_B * MULT_B) & MASK32
        state = (state * hash_const_B) & MASK32
        states.append((state ^ (state >> XSHIFT)) & MASK32)
    return states


def _dumps(msg, worker_id):
    try:
        return pickle.dumps(msg, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        epoch, idx, _ = msg
        return pickle.dumps((epoch, idx, _WorkerException(worker_id)))


def _worker_loop(dataset, dataset_kind, indices_queue, out_conn, done_event,
                 auto_collate_batch, collate_fn, drop_last, init_fn, worker_id, num_workers,
                 base_seed):
    global _worker_info
    try:
        seed = base_seed + worker_id
        random.seed(seed)
        _paddle_seed(seed)
        np.random.seed(_generate_states(base_seed, worker_id))
        _worker_info = WorkerInfo(id=worker_id, num_workers=num_workers, dataset=dataset,
                                  seed=base_seed)
        init_exception = None
        fetcher = None
        try:
            if init_fn is not None:
                init_fn(worker_id)
            fetcher = create_fetcher(dataset_kind, dataset, auto_collate_batch, collate_fn,
                                     drop_last)
        except Exception:
            init_exception = _WorkerException(worker_id)
        iterator_drained = False
        parent_pid = os.getppid()
        while os.getppid() == parent_pid:
            try:
                data = indices_queue.get(timeout=MP_STATUS_CHECK_INTERVAL)
            except queue.Empty:
                continue
            if data is None:
                break
            if data[0] == "resume":
                iterator_drained = False
                fetcher = create_fetcher(dataset_kind, dataset, auto_collate_batch, collate_fn,
                                         drop_last)
                continue
            if done_event.is_set() or iterator_drained:
                continue
            epoch, idx, indices = data
            if init_exception is not None:
                batch, init_exception = init_exception, None
            else:
                try:
                    batch = to_transfer(fetcher.fetch(indices))
                except StopIteration:
                    if dataset_kind == ITER:
                        out_conn.send_bytes(pickle.dumps(("stop", epoch, worker_id)))
                        iterator_drained = True
                        continue
                    batch = _WorkerException(worker_id)
                except Exception:
                    batch = _WorkerException(worker_id)
            out_conn.send_bytes(_dumps((epoch, idx, batch), worker_id))
    except (KeyboardInterrupt, BrokenPipeError):  # Ctrl-C, or the loader closed the pipe
        pass
    out_conn.close()
