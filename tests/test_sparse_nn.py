"""paddle.sparse.nn: activations, softmax, sparse convolutions, max pooling and batch norm.
Numeric gradient checks in float64 without Paddle; values, patterns and gradients against
Paddle 3.3.1 on the CPU (which has these kernels) where it is installed."""
import warnings

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph import sparse
from tests.gradcheck import check_grads

F = sparse.nn.functional


def _voxels(shape=(1, 3, 4, 4), c=2, density=0.3, seed=0, dtype=np.float64):
    rng = np.random.RandomState(seed)
    dense = np.zeros(shape + (c,), dtype)
    mask = rng.rand(*shape) < density
    dense[mask] = rng.randn(int(mask.sum()), c)
    return dense, mask


def _fixed(t, dense, sd):
    """Dense t at the sites of `dense` (a fixed pattern for finite differences)."""
    return sparse.mask_as(t, paddle.to_tensor(dense).to_sparse_coo(sd))


CONVS = [  # (functional, kwargs)
    ("conv3d", dict(stride=1, padding=0)),
    ("conv3d", dict(stride=2, padding=1)),
    ("conv3d", dict(stride=1, padding=1, dilation=2)),
    ("subm_conv3d", dict(stride=1, padding=1)),
    ("subm_conv3d", dict(stride=1, padding=0)),   # Paddle ignores subm's padding
    ("subm_conv3d", dict(stride=2, padding=3)),   # ... and its stride
]


@pytest.mark.parametrize("name,kw", CONVS)
def test_conv3d_grads(name, kw):
    dense, _ = _voxels()
    w = np.random.RandomState(1).randn(3, 3, 3, 2, 3) * 0.3
    b = np.array([0.1, -0.2, 0.3])
    fn = getattr(F, name)
    check_grads(lambda xs: fn(_fixed(xs[0], dense, 4), xs[1], xs[2], **kw).values(),
                [dense, w, b], order=1)


def test_subm_keeps_sites_and_shape():
    dense, mask = _voxels()
    x = paddle.to_tensor(dense).to_sparse_coo(4)
    w = paddle.to_tensor(np.ones((3, 3, 3, 2, 4)))
    out = F.subm_conv3d(x, w, padding=1)
    assert out.shape == [1, 3, 4, 4, 4]
    np.testing.assert_array_equal(out.indices().numpy(), x.indices().numpy())
    # each site sums the channels of its stored neighbours
    ref = np.zeros(dense.shape[:-1])
    pad = np.pad(dense.sum(-1), ((0, 0), (1, 1), (1, 1), (1, 1)))
    for a in range(3):
        for b in range(3):
            for c in range(3):
                ref += pad[:, a:a + 3, b:b + 4, c:c + 4]
    np.testing.assert_allclose(out.values().numpy()[:, 0], ref[mask])


def test_conv2d_and_layers():
    dense, _ = _voxels((2, 5, 5), c=3)
    x = paddle.to_tensor(dense).to_sparse_coo(3)
    paddle.seed(3)
    conv = sparse.nn.Conv2D(3, 4, 3, padding=1)
    assert conv.weight.shape == [3, 3, 3, 4] and conv.bias.shape == [4]
    out = conv(paddle.cast(x.to_dense(), "float32").to_sparse_coo(3))
    assert out.shape == [2, 5, 5, 4]
    subm = sparse.nn.SubmConv2D(3, 4, 3, padding=1)
    o2 = subm(paddle.cast(x.to_dense(), "float32").to_sparse_coo(3))
    assert o2.nnz() == x.nnz()
    assert repr(sparse.nn.Conv3D(2, 3, 3, padding=1)) == \
        "Conv3D(2, 3, kernel_size=[3, 3, 3], padding=1, data_format=NDHWC)"
    assert repr(sparse.nn.SubmConv3D(2, 3, 3)) == \
        "SubmConv3D(2, 3, kernel_size=[3, 3, 3], data_format=NDHWC)"
    assert repr(sparse.nn.MaxPool3D(2)) == "MaxPool3D(kernel_size=2, stride=None, padding=0)"
    assert repr(sparse.nn.BatchNorm(2)) == \
        "BatchNorm(num_features=2, momentum=0.9, epsilon=1e-05, data_format=NDHWC)"
    for layer in (sparse.nn.ReLU(), sparse.nn.Softmax(), sparse.nn.LeakyReLU(0.2),
                  sparse.nn.ReLU6()):
        assert repr(layer) == type(layer).__name__ + "()"
    with pytest.raises(ValueError, match="data_format"):
        sparse.nn.Conv3D(2, 3, 3, data_format="NCDHW")
    with pytest.raises(NotImplementedError, match="changes the spatial shape"):
        F.subm_conv3d(paddle.to_tensor(_voxels()[0]).to_sparse_coo(4),
                      paddle.to_tensor(np.ones((3, 3, 2, 2, 1))))
    with pytest.raises(ValueError, match="5D tensor"):
        F.conv3d(x, paddle.to_tensor(np.ones((3, 3, 3, 3, 1))))


def test_max_pool3d_values_and_grads():
    dense, _ = _voxels((1, 4, 4, 4), c=2, density=0.4)
    x = paddle.to_tensor(dense).to_sparse_coo(4)
    out = F.max_pool3d(x, 2, stride=2)
    assert out.shape == [1, 2, 2, 2, 2]
    # the max over each window's stored sites, per channel
    sites = (dense != 0).any(-1)
    for k in range(out.nnz()):
        n, d, h, w = out.indices().numpy()[:, k]
        win = dense[n, 2 * d:2 * d + 2, 2 * h:2 * h + 2, 2 * w:2 * w + 2]
        stored = win[sites[n, 2 * d:2 * d + 2, 2 * h:2 * h + 2, 2 * w:2 * w + 2]]
        np.testing.assert_allclose(out.values().numpy()[k], stored.max(0))
    check_grads(lambda xs: F.max_pool3d(_fixed(xs[0], dense, 4), 2, stride=2).values(),
                [dense], order=1)
    # ties: every input equal to the maximum receives the full gradient (Paddle's kernel)
    t = sparse.sparse_coo_tensor([[0, 0], [0, 0], [0, 0], [0, 1]], [[2.], [2.]],
                                 [1, 2, 2, 2, 1]).detach()
    t.stop_gradient = False
    F.max_pool3d(t, 2).values().sum().backward()
    np.testing.assert_array_equal(t.grad.values().numpy(), [[1.], [1.]])


def test_batch_norm_on_values():
    dense, mask = _voxels(dtype=np.float32)
    x = paddle.to_tensor(dense).to_sparse_coo(4)
    bn = sparse.nn.BatchNorm(2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        y = bn(x)
    v = dense[mask]
    ref = (v - v.mean(0)) / np.sqrt(v.var(0) + 1e-5)
    np.testing.assert_allclose(y.values().numpy(), ref, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(bn._mean.numpy(), 0.1 * v.mean(0), rtol=1e-5)
    np.testing.assert_array_equal(y.indices().numpy(), x.indices().numpy())
    with pytest.raises(ValueError, match="NDHWC"):
        sparse.nn.BatchNorm(2, data_format="NCDHW")(x)
    d64 = dense.astype(np.float64)
    check_grads(lambda xs: _bn64(_fixed(xs[0], d64, 4)).values(), [d64], order=1)


class _Stats:
    """The attributes _sparse_batch_norm reads, in float64 (Paddle's layer is float32)."""
    training = True
    _momentum, _epsilon = 0.9, 1e-5
    _use_global_stats, _trainable_statistics = False, False

    def __init__(self):
        self._mean = paddle.zeros([2], "float64")
        self._variance = paddle.ones([2], "float64")
        self.weight = paddle.to_tensor([1.5, 0.5], dtype="float64")
        self.bias = paddle.to_tensor([0.1, -0.1], dtype="float64")


def _bn64(x):
    return sparse.nn.layer._sparse_batch_norm(_Stats(), x)


def test_sync_batch_norm_is_gpu_only_but_converts():
    x = paddle.to_tensor(_voxels(dtype=np.float32)[0]).to_sparse_coo(4)
    with pytest.raises(RuntimeError, match="sync_batch_norm_coo"):
        sparse.nn.SyncBatchNorm(2)(x)
    net = paddle.nn.Sequential(sparse.nn.BatchNorm(2))
    conv = sparse.nn.SyncBatchNorm.convert_sync_batchnorm(net)
    assert isinstance(conv[0], sparse.nn.SyncBatchNorm)
    assert conv[0].weight is net[0].weight and conv[0]._mean is net[0]._mean


def test_softmax_and_activations_grads():
    d = np.array([[0., 1.5, 0.], [-2., 0., 3.]])
    for lo in ("coo", "csr"):
        def pat(t, lo=lo):
            m = paddle.to_tensor(d)
            return sparse.mask_as(t, m.to_sparse_coo(2) if lo == "coo" else m.to_sparse_csr())
        for op in (F.softmax, F.relu, F.relu6, lambda z: F.leaky_relu(z, 0.3)):
            check_grads(lambda xs, op=op, pat=pat: op(pat(xs[0])).values(), [d])
    with pytest.raises(ValueError, match="axis=-1"):
        F.softmax(paddle.to_tensor(d).to_sparse_csr(), axis=0)
    with pytest.raises(NotImplementedError, match="GPU"):
        F.attention(None, None, None, None)


# ---------------------------------------------------------------------------- vs Paddle
def _both(rp, dense, w=None, sd=4):
    out = []
    for lib in (rp, paddle):
        x = lib.to_tensor(dense).to_sparse_coo(sd)
        x.stop_gradient = False
        ww = None if w is None else lib.to_tensor(w, stop_gradient=False)
        out.append((lib, x, ww))
    return out


@pytest.mark.parametrize("name,kw", CONVS + [("max_pool3d", dict(kernel_size=2, stride=2)),
                                             ("max_pool3d", dict(kernel_size=3, stride=1,
                                                                 padding=1))])
def test_against_paddle(name, kw):
    rp = pytest.importorskip("paddle")
    dense, _ = _voxels((2, 4, 4, 4), density=0.35, seed=2)
    w = np.random.RandomState(4).randn(3, 3, 3, 2, 3)
    res = []
    for lib, x, ww in _both(rp, dense, None if name == "max_pool3d" else w):
        fn = getattr(lib.sparse.nn.functional, name)
        out = fn(x, **kw) if ww is None else fn(x, ww, **kw)
        r = lib.to_tensor(np.linspace(-1, 1, out.values().numpy().size)
                          .reshape(out.values().shape))
        (out.values() * r).sum().backward()
        res.append((out, x.grad, None if ww is None else ww.grad))
    (po, pxg, pwg), (eo, exg, ewg) = res
    assert list(po.shape) == list(eo.shape)
    np.testing.assert_array_equal(po.indices().numpy(), eo.indices().numpy())
    np.testing.assert_allclose(po.values().numpy(), eo.values().numpy(), rtol=1e-10)
    np.testing.assert_array_equal(pxg.indices().numpy(), exg.indices().numpy())
    np.testing.assert_allclose(pxg.values().numpy(), exg.values().numpy(), rtol=1e-10,
                               atol=1e-12)
    if pwg is not None:
        np.testing.assert_allclose(pwg.numpy(), ewg.numpy(), rtol=1e-10)


@pytest.mark.parametrize("name,kw", [("conv2d", dict(stride=2, padding=1)),
                                     ("subm_conv2d", dict(padding=1))])
def test_conv2d_against_paddle(name, kw):
    rp = pytest.importorskip("paddle")
    dense, _ = _voxels((2, 5, 5), c=2, density=0.4, seed=6)
    w = np.random.RandomState(8).randn(3, 3, 2, 3)
    res = []
    for lib, x, ww in _both(rp, dense, w, sd=3):
        out = getattr(lib.sparse.nn.functional, name)(x, ww, **kw)
        out.values().sum().backward()
        res.append((out, x.grad, ww.grad))
    (po, pxg, pwg), (eo, exg, ewg) = res
    assert list(po.shape) == list(eo.shape)
    np.testing.assert_array_equal(po.indices().numpy(), eo.indices().numpy())
    np.testing.assert_allclose(po.values().numpy(), eo.values().numpy(), rtol=1e-10)
    np.testing.assert_allclose(pxg.values().numpy(), exg.values().numpy(), rtol=1e-10)
    np.testing.assert_allclose(pwg.numpy(), ewg.numpy(), rtol=1e-10)


def test_layers_against_paddle():
    rp = pytest.importorskip("paddle")
    dense, _ = _voxels((1, 4, 4, 4), density=0.4, seed=5, dtype=np.float32)
    res = []
    for lib in (rp, paddle):
        lib.seed(7)
        net = [lib.sparse.nn.SubmConv3D(2, 4, 3, padding=1), lib.sparse.nn.BatchNorm(4),
               lib.sparse.nn.ReLU(), lib.sparse.nn.Conv3D(4, 2, 2, stride=2),
               lib.sparse.nn.MaxPool3D(2), lib.sparse.nn.LeakyReLU(0.1)]
        x = lib.to_tensor(dense).to_sparse_coo(4)
        x.stop_gradient = False
        y = x
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for layer in net:
                y = layer(y)
        y.values().sum().backward()
        res.append((y, x.grad, net[0].weight, net[1]._mean, net[3].bias))
    (py, pg, pw, pm, pb), (ey, eg, ew, em, eb) = res
    np.testing.assert_allclose(pw.numpy(), ew.numpy())  # seeded init is Paddle's
    np.testing.assert_array_equal(py.indices().numpy(), ey.indices().numpy())
    np.testing.assert_allclose(py.values().numpy(), ey.values().numpy(), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(pg.values().numpy(), eg.values().numpy(), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(pm.numpy(), em.numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(pw.grad.numpy(), ew.grad.numpy(), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(pb.grad.numpy(), eb.grad.numpy(), rtol=1e-4, atol=1e-4)
