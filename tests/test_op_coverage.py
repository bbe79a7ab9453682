"""docs/op_coverage.md is generated from the op specs, the op table and the public names: adding
an op (or a row, a dtype, an inplace form) without regenerating the page fails here."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_op_coverage_page_is_up_to_date():
    r = subprocess.run([sys.executable, os.path.join("tools", "op_coverage.py"), "--check"],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr + r.stdout
