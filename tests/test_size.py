"""paddle.Size: the type of Tensor.shape and Tensor.size() (Paddle 3.3.1's
paddle.base.libpaddle.Size). Every expectation here was read off paddlepaddle 3.3.1: a `list`
subclass printing `paddle.Size([2, 3])`, equal to lists and tuples, unhashable, keeping its type
under slicing/+/* (copy() gives a list), numel(), and the TypeError its constructor raises."""
import pickle

import numpy as np
import pytest

import eagergraph as paddle


def test_shape_is_a_list_subclass_that_prints_as_paddle():
    s = paddle.zeros([2, 3]).shape
    assert type(s) is paddle.Size
    assert isinstance(s, list) and not isinstance(s, tuple)
    assert repr(s) == str(s) == f"{s}" == "paddle.Size([2, 3])"
    assert str([s]) == "[paddle.Size([2, 3])]"
    assert repr(paddle.zeros([]).shape) == "paddle.Size([])"
    assert type(s[0]) is int and type(s[-1]) is int


def test_equality_with_lists_and_tuples():
    s = paddle.zeros([2, 3]).shape
    assert s == [2, 3] and [2, 3] == s
    assert s == (2, 3) and (2, 3) == s
    assert not (s != (2, 3)) and not (s != [2, 3])
    assert s != [2, 4] and s != (2, 4) and not (s == (2, 4))
    assert s == [2.0, 3.0]
    assert s == paddle.Size([2, 3])
    assert (s == 5) is False
    np.testing.assert_array_equal(s == np.array([2, 3]), [True, True])
    with pytest.raises(TypeError):
        s < (3,)  # noqa: B015  list ordering against a tuple stays a TypeError
    assert s < [3]


def test_unhashable_and_a_fresh_object_each_read():
    t = paddle.zeros([2, 3])
    with pytest.raises(TypeError, match="unhashable"):
        hash(t.shape)
    assert t.shape is not t.shape
    s = t.shape
    s.append(5)  # mutating the returned Size does not reach the tensor
    assert s == [2, 3, 5] and t.shape == [2, 3]


def test_operations_keep_the_type():
    s = paddle.zeros([2, 3]).shape
    for r, want in [(s[0:1], [2]), (s[::-1], [3, 2]), (s + [1], [2, 3, 1]),
                    (s + (1,), [2, 3, 1]), ([1] + s, [1, 2, 3]), ((1,) + s, [1, 2, 3]),
                    (s * 2, [2, 3, 2, 3]), (2 * s, [2, 3, 2, 3]), (s * 0, [])]:
        assert type(r) is paddle.Size and list(r) == want
    assert type(s.copy()) is list and type(sorted(s)) is list
    u = paddle.Size([1, 2])
    u += [3]
    assert type(u) is paddle.Size and u == [1, 2, 3]
    with pytest.raises(TypeError, match=r"can only concatenate list, tuple or Size \(not 'str'\)"):
        s + "a"
    with pytest.raises(TypeError):
        s * 1.5


def test_numel_and_size_call():
    t = paddle.zeros([2, 3])
    assert t.shape.numel() == 6 and paddle.Size([]).numel() == 1
    assert type(t.size()) is paddle.Size and t.size() == [2, 3]
    assert t.size(1) == 3 and type(t.size(1)) is int


def test_constructor():
    assert paddle.Size() == [] and type(paddle.Size()) is paddle.Size
    assert paddle.Size((1, 2)) == [1, 2]
    assert paddle.Size(x for x in [1, 2]) == [1, 2]
    assert paddle.Size([-1]) == [-1]
    assert paddle.Size([2 ** 70]) == [2 ** 70]
    s = paddle.Size([np.int64(3), True, paddle.to_tensor(3), paddle.to_tensor(3.5)])
    assert s == [3, 1, 3, 3]
    assert [type(v) for v in s] == [int, bool, int, int]
    for bad, item in [("ab", "str"), ([1.5], "float"), ([[1]], "list"),
                      ([paddle.to_tensor([3, 4])], "Tensor")]:
        with pytest.raises(TypeError, match=rf"paddle.Size\(\) takes an iterable of 'int' "
                                            rf"\(item 0 is '{item}'\)"):
            paddle.Size(bad)
    with pytest.raises(TypeError, match="not iterable"):
        paddle.Size(3)
    with pytest.raises(TypeError, match="at most 1 argument, got 2"):
        paddle.Size([2], [3])


def test_pickle_round_trip():
    s = paddle.zeros([2, 3]).shape
    r = pickle.loads(pickle.dumps(s))
    assert type(r) is paddle.Size and r == [2, 3]


def test_shape_feeds_back_into_ops():
    x = paddle.ones([2, 3])
    assert paddle.zeros(x.shape).shape == [2, 3]
    assert paddle.reshape(paddle.ones([3, 2]), x.shape).shape == [2, 3]
    assert paddle.rand(x.shape).shape == (2, 3)
    assert paddle.ones([6, 6]).reshape(x.shape * 2).shape == [2, 3, 2, 3]
    assert paddle.expand(paddle.ones([1, 3]), x.shape).shape == [2, 3]
