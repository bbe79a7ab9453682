"""paddle.distributed.fleet.meta_optimizers: the static-graph strategy optimizers fleet wraps.
Only DGCMomentumOptimizer is here, which Paddle 3.3.1 refuses in dygraph when it is built."""
from ....optimizer.optimizer import Optimizer

__all__ = ["DGCMomentumOptimizer"]


class DGCMomentumOptimizer(Optimizer):
    """Deep Gradient Compression momentum (static graphs, GPU): building one in dygraph raises
    Exception("In dygraph, don't support DGCMomentumOptimizer."), as in Paddle."""

    def __init__(self, learning_rate, momentum, rampup_begin_step, rampup_step=1,
                 sparsity=[0.999], parameter_list=None, use_nesterov=False, num_trainers=None,
                 regularization=None, grad_clip=None, name=None):
        raise Exception("In dygraph, don't support DGCMomentumOptimizer.")
