"""spawn at the top level of the script, without `if __name__ == "__main__":`: each rank
imports the script again and would spawn again; it raises instead, and the parent reports it."""
import paddle.distributed as dist


def work():
    return 1


dist.spawn(work, nprocs=2)
