"""paddle.utils (run_check, nested-structure helpers, deprecated, try_import, download) and
paddle.version, as Paddle 3.3.1 has them."""
import collections

import pytest

import eagergraph as paddle
from eagergraph import utils


def test_version_reports_the_paddle_api_level():
    assert paddle.version.full_version == "3.3.1"
    assert (paddle.version.major, paddle.version.minor, paddle.version.patch) == ("3", "3", "1")
    assert paddle.version.cuda() == "False" and paddle.version.cudnn() == "False"


def test_run_check(capsys):
    utils.run_check()
    assert "installed successfully" in capsys.readouterr().out


def test_nested_structures():
    nest = [1, (2, {"b": 4, "a": 3})]
    assert utils.flatten(nest) == [1, 2, 3, 4]
    assert utils.pack_sequence_as(nest, [5, 6, 7, 8]) == [5, (6, {"b": 8, "a": 7})]
    assert utils.map_structure(lambda x, y: x + y, nest, nest) == [2, (4, {"b": 8, "a": 6})]
    Point = collections.namedtuple("Point", "x y")
    assert utils.pack_sequence_as(Point(0, 0), [1, 2]) == Point(1, 2)
    assert utils.is_sequence([1]) and not utils.is_sequence("ab")
    with pytest.raises(ValueError):
        utils.pack_sequence_as([0, 0], [1])
    with pytest.raises(ValueError):
        utils.assert_same_structure([1, 2], [1])
    with pytest.raises(TypeError):
        utils.assert_same_structure([1, 2], (1, 2))


def test_deprecated_and_try_import(tmp_path):
    @utils.deprecated(update_to="paddle.new", since="2.0")
    def old(x):
        return x + 1

    with pytest.warns(DeprecationWarning, match="paddle.new"):
        assert old(1) == 2

    @utils.deprecated(level=2)
    def gone():
        return 0

    with pytest.raises(RuntimeError):
        gone()
    assert utils.try_import("json").dumps([1]) == "[1]"
    with pytest.raises(ImportError, match="pip install"):
        utils.try_import("no_such_module_xyz")
    with pytest.raises(RuntimeError, match="does not download"):
        utils.download.get_path_from_url("https://example.com/w.pdparams", str(tmp_path))
    local = tmp_path / "w.pdparams"
    local.write_bytes(b"x")
    assert utils.download.get_path_from_url("https://example.com/w.pdparams",
                                            str(tmp_path)) == str(local)
