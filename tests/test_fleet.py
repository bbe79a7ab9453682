"""paddle.distributed.fleet in a world of one (no MPI): init, the worker facts, the strategy,
the topology and hybrid group, distributed_model / distributed_optimizer, recompute_hybrid;
against real Paddle 3.3.1 where it is installed. The multi-rank runs are in
test_distributed_spawn.py."""
import warnings

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.distributed import fleet


def test_init_and_worker_facts():
    assert fleet.init(is_collective=True) is fleet.fleet
    assert (fleet.worker_index(), fleet.worker_num(), fleet.node_num()) == (0, 1, 1)
    assert fleet.is_first_worker() and fleet.is_worker() and not fleet.is_server()
    assert fleet.worker_endpoints() == ["127.0.0.1:6170"]
    assert fleet.worker_endpoints(to_string=True) == "127.0.0.1:6170"
    assert fleet.rank == fleet.worker_index and fleet.world_size == fleet.worker_num
    assert fleet.util.all_reduce(3, "sum") == 3 and fleet.util.all_gather(5) == 5
    fleet.barrier_worker()
    hcg = fleet.get_hybrid_communicate_group()
    assert hcg.get_parallel_mode() is None and hcg.get_data_parallel_world_size() == 1
    assert hcg.get_data_parallel_rank() == 0 and hcg.get_model_parallel_world_size() == 1
    assert hcg.get_model_parallel_group().nranks == 1
    with pytest.raises(ValueError, match="`is_collective` should be instance of `bool`"):
        fleet.init(is_collective=1)
    with pytest.raises(ValueError, match="`role_maker` should be subclass of `RoleMakerBase`"):
        fleet.init(role_maker=object())
    assert fleet.Role.WORKER == 1 and fleet.Role.SERVER == 2 and fleet.Role.COORDINATOR == 5


def test_user_defined_role_maker():
    rm = fleet.UserDefinedRoleMaker(is_collective=True, current_id=0, role=fleet.Role.WORKER,
                                    worker_endpoints=["127.0.0.1:6170"])
    fleet.init(rm)
    assert fleet.worker_num() == 1 and fleet.fleet._is_collective
    with pytest.raises(NotImplementedError, match="parameter-server training"):
        fleet.init(fleet.UserDefinedRoleMaker(role=fleet.Role.SERVER))
    fleet.init(is_collective=True)


def test_strategy():
    s = fleet.DistributedStrategy()
    assert (s.fuse_grad_size_in_MB, s.last_comm_group_size_MB, s.find_unused_parameters) == \
        (32, 1.0, False)
    s.hybrid_configs = {"dp_degree": 2}
    assert s.hybrid_configs["dp_degree"] == 2 and s.hybrid_configs["mp_degree"] == 1
    with pytest.raises(AssertionError, match="key:bogus not in hybrid_configs"):
        s.hybrid_configs = {"bogus": 1}
    with pytest.raises(TypeError, match="nonexistent is not a attribute of DistributedStrategy"):
        s.nonexistent = 3
    with pytest.warns(UserWarning, match="amp should have value of bool type"):
        s.amp = 3
    assert s.amp is False
    s.amp_configs = {"init_loss_scaling": 1024.0}
    assert s.amp_configs["init_loss_scaling"] == 1024.0 and s.amp_configs["incr_ratio"] == 2.0
    mp = fleet.DistributedStrategy()
    mp.hybrid_configs = {"mp_degree": 2, "dp_degree": 1}
    with pytest.raises(AssertionError, match="should be equal to global_world_size"):
        fleet.init(is_collective=True, strategy=mp)
    fleet.init(is_collective=True)


def test_topology():
    t = fleet.CommunicateTopology(["data", "model"], [2, 3])
    assert t.get_comm_list("model") == [[0, 1, 2], [3, 4, 5]]
    assert t.get_comm_list("data") == [[0, 3], [1, 4], [2, 5]]
    assert t.get_axis_list("data", 1) == [3, 4, 5]
    assert tuple(t.get_coord(4)) == (1, 1) and t.get_rank(data=1, model=0) == 3
    assert t.world_size() == 6 and t.get_dim("model") == 3
    assert t.get_rank_from_stage(4, model=2) == 5
    with pytest.raises(NotImplementedError, match="data parallelism only"):
        fleet.HybridCommunicateGroup(t)


def test_distributed_model_and_optimizer_train_as_plain():
    fleet.init(is_collective=True)
    paddle.seed(3)
    net = paddle.nn.Linear(4, 2)
    ref = paddle.nn.Linear(4, 2)
    ref.set_state_dict(net.state_dict())
    with pytest.warns(UserWarning, match="return to single-card operation"):
        model = fleet.distributed_model(net)
    assert list(model.state_dict()) == list(net.state_dict())
    opt = paddle.optimizer.SGD(0.1, parameters=model.parameters())
    assert fleet.distributed_optimizer(opt) is opt
    ropt = paddle.optimizer.SGD(0.1, parameters=ref.parameters())
    x = paddle.randn([5, 4])
    for m, o in ((model, opt), (ref, ropt)):
        m(x).square().mean().backward()
        o.step()
        o.clear_grad()
    np.testing.assert_array_equal(net.weight.numpy(), ref.weight.numpy())


def test_recompute_hybrid_equals_plain():
    from eagergraph.incubate.distributed.fleet import recompute_hybrid
    fleet.init(is_collective=True)
    group = fleet.get_hybrid_communicate_group().get_model_parallel_group()
    paddle.seed(5)
    block = paddle.nn.Sequential(paddle.nn.Linear(4, 6), paddle.nn.Dropout(0.5),
                                 paddle.nn.Linear(6, 3))
    x = paddle.randn([3, 4])
    x.stop_gradient = False
    outs = []
    for hybrid in (True, False):
        paddle.seed(11)
        y = recompute_hybrid({"mp_group": group, "offload": True, "partition": True}, block, x) \
            if hybrid else block(x)
        y.square().sum().backward()
        outs.append((y.numpy(), x.grad.numpy(), block[0].weight.grad.numpy()))
        x.clear_grad()
        block.clear_gradients()
    for a, b in zip(*outs):
        np.testing.assert_array_equal(a, b)
    with pytest.raises(AssertionError, match="ctx must contains mp_group"):
        recompute_hybrid({}, block, x)


def test_against_real_paddle():
    rp = pytest.importorskip("paddle")
    from paddle.distributed import fleet as pf
    s, p = fleet.DistributedStrategy(), pf.DistributedStrategy()
    for name in ["amp", "recompute", "find_unused_parameters", "fuse_grad_size_in_MB",
                 "last_comm_group_size_MB", "fuse_all_reduce_ops", "nccl_comm_num",
                 "heter_ccl_mode", "gradient_merge", "pipeline", "sharding", "a_sync",
                 "without_graph_optimization", "sync_batch_norm"]:
        assert getattr(s, name) == getattr(p, name), name
    for name in ["amp_configs", "recompute_configs", "gradient_merge_configs",
                 "pipeline_configs", "sharding_configs", "tensor_parallel_configs",
                 "gradient_scale_configs"]:
        assert dict(getattr(s, name)) == dict(getattr(p, name)), name
    for k in ["dp_degree", "mp_degree", "pp_degree", "sharding_degree", "sep_degree"]:
        assert s.hybrid_configs[k] == p.hybrid_configs[k]
    for names, dims in [(["data", "model"], [2, 3]), (["data", "pipe", "model"], [2, 2, 2])]:
        a, b = fleet.CommunicateTopology(names, dims), pf.CommunicateTopology(names, dims)
        for axis in names:
            assert a.get_comm_list(axis) == b.get_comm_list(axis)
            assert a.get_axis_list(axis, 1) == b.get_axis_list(axis, 1)
        assert [tuple(a.get_coord(r)) for r in range(a.world_size())] == \
            [tuple(b.get_coord(r)) for r in range(b.world_size())]
    with warnings.catch_warnings(record=True) as seen:  # real Paddle outside a parallel job
        warnings.simplefilter("always")
        pf.init(is_collective=True)
        group = pf.get_hybrid_communicate_group().get_model_parallel_group()
    assert any("not a parallel execution environment" in str(w.message) for w in seen)
    assert (pf.worker_index(), pf.worker_num(), pf.worker_endpoints()) == \
        (fleet.worker_index(), fleet.worker_num(), fleet.worker_endpoints())
    # Paddle's recompute_hybrid refuses the CPU (eagergraph's runs it as recompute, above)
    from paddle.incubate.distributed.fleet import recompute_hybrid as prh
    lin = rp.nn.Linear(4, 3)
    x = rp.randn([2, 4])
    x.stop_gradient = False
    with pytest.raises(AssertionError, match="not support current device: cpu"):
        prh({"mp_group": group}, lin, x)
