"""paddle.geometric: segment reductions, graph message passing, neighbour sampling and graph
reindexing (python/paddle/geometric). The reductions and message passing are differentiable
(the geometric family's ops segment_pool and send_u_recv, and compositions of them); sampling
and reindexing work on integer node ids and have no gradient."""
from .math import segment_sum, segment_mean, segment_min, segment_max
from .message_passing import send_u_recv, send_ue_recv, send_uv
from .reindex import reindex_graph, reindex_heter_graph
from .sampling import sample_neighbors, weighted_sample_neighbors

__all__ = ["send_u_recv", "send_ue_recv", "send_uv", "segment_sum", "segment_mean",
           "segment_min", "segment_max", "reindex_graph", "reindex_heter_graph",
           "sample_neighbors", "weighted_sample_neighbors"]
