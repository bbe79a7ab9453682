"""Print this rank's Paddle environment (unchanged Paddle script: `import paddle`)."""
import os
import sys
import paddle
import paddle.distributed as dist

g = dist.init_parallel_env()
keys = ["PADDLE_TRAINER_ID", "PADDLE_TRAINERS_NUM", "PADDLE_LOCAL_RANK", "PADDLE_NNODES",
        "PADDLE_CURRENT_ENDPOINT"]
x = paddle.to_tensor([float(dist.get_rank())])
dist.all_reduce(x)
# under eagergraph's alias, `paddle` reads through to the eagergraph package
print("ENV", " ".join(os.environ[k] for k in keys), int(x.item()), g.nranks, sys.argv[1:],
      getattr(paddle, "_eagergraph", paddle).__name__)
