"""ops.yaml / backward.yaml -> validated, frozen OpSpec objects (Paddle's parse_utils.py).

The schema is a subset of Paddle's (paddle/phi/ops/yaml), documented at the top of ops.yaml.
Validation errors name the op and the key, so a typo in the YAML says where it is.
"""
import ast
import re
from dataclasses import dataclass, field

# Paddle's attribute types. Widths as in Paddle: `float` / `float[]` are 32-bit (the generated
# parsing rounds a Python float to float32 once, so kernels and gradients see Paddle's value),
# `double` is 64-bit; `Scalar` keeps the Python number (a float stays 64-bit) and `Scalar(float)`
# rounds a real float to float32 (Paddle kernels that read the Scalar with .to<float>()).
ATTR_TYPES = {"Scalar", "Scalar(float)", "IntArray", "int", "float", "double", "bool", "DataType",
              "str", "int[]", "float[]", "Scalar[]"}
INPUT_TYPES = {"Tensor", "Tensor[]"}
PUBLIC_PLACES = {"paddle", "Tensor", "nn.functional"}
_DEFAULT_WORDS = {"true": True, "false": False, "None": None, "null": None}


class SpecError(ValueError):
    pass


@dataclass(frozen=True)
class Arg:
    type: str
    name: str
    has_default: bool = False
    default: object = None
    optional: bool = False
    # `T name=None or <literal>`: the public default is None, which the generated argument
    # parsing replaces by <literal> once, so kernels and gradients never see None
    none_value: object = None

    @property
    def is_tensor(self):
        return self.type in INPUT_TYPES

    def default_src(self):
        return repr(self.default)


@dataclass(frozen=True)
class Output:
    type: str  # Tensor | Tensor[]
    name: str


@dataclass(frozen=True)
class OpSpec:
    name: str
    args: tuple
    outputs: tuple
    infer_meta: str
    infer_meta_params: tuple
    kernel: str
    kernel_params: tuple
    data_type: str  # the arg whose dtype keys kernel selection
    type_promotion: tuple = ()
    type_autocast: tuple = ()
    inplace: tuple = ()  # ((input, output), ...)
    view: tuple = ()
    backward: str = ""
    doc: str = ""
    public: tuple = ()   # where the generated function appears: paddle, Tensor, nn.functional
    inplace_public: tuple = ("paddle", "Tensor")  # where the `inplace:` form `<op>_` appears
    extra: dict = field(default_factory=dict, hash=False, compare=False)

    @property
    def inputs(self):
        return tuple(a for a in self.args if a.is_tensor)

    @property
    def attrs(self):
        return tuple(a for a in self.args if not a.is_tensor)

    def arg(self, name):
        for a in self.args:
            if a.name == name:
                return a
        raise KeyError(name)


def _split_top(s):
    """Split on commas that are not inside brackets or quotes."""
    parts, depth, cur, quote = [], 0, [], None
    for ch in s:
        if quote:
            cur.append(ch)
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def _parse_default(op, name, text):
    text = text.strip()
    if text in _DEFAULT_WORDS:
        return _DEFAULT_WORDS[text]
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise SpecError(f"op '{op}': default of argument '{name}' is not a literal: {text!r}")


def parse_args(op, text, optional=()):
    text = text.strip()
    if not (text.startswith("(") and text.endswith(")")):
        raise SpecError(f"op '{op}': 'args' must be written '(Type name, ...)', got {text!r}")
    args = []
    for part in _split_top(text[1:-1]):
        m = re.fullmatch(r"(Tensor\[\]|Tensor|Scalar\(float\)|[A-Za-z]+(?:\[\])?)\s+(\w+)\s*"
                         r"(?:=\s*(.+))?", part)
        if not m:
            raise SpecError(f"op '{op}': cannot parse argument {part!r}")
        typ, name, default = m.groups()
        if typ not in INPUT_TYPES | ATTR_TYPES:
            raise SpecError(f"op '{op}': argument '{name}' has unknown type '{typ}'")
        if default is not None and default.strip().startswith("None or "):
            if typ in INPUT_TYPES:
                raise SpecError(f"op '{op}': a Tensor argument ('{name}') cannot resolve None")
            value = _parse_default(op, name, default.strip()[len("None or "):])
            args.append(Arg(typ, name, True, None, name in optional, value))
        elif default is not None:
            args.append(Arg(typ, name, True, _parse_default(op, name, default), name in optional))
        else:
            args.append(Arg(typ, name, False, None, name in optional))
    seen_default = False
    for a in args:
        if a.has_default:
            seen_default = True
        elif seen_default:
            raise SpecError(f"op '{op}': argument '{a.name}' without default follows one with")
    return tuple(args)


def parse_outputs(op, text):
    outs = []
    for part in _split_top(text):
        m = re.fullmatch(r"(Tensor\[\]|Tensor)\((\w+)\)(?:\{[^}]*\})?", part.strip())
        if not m:
            raise SpecError(f"op '{op}': cannot parse output {part!r}")
        outs.append(Output(m.group(1), m.group(2)))
    return tuple(outs)


def _parse_mapping(op, key, text, args, outputs):
    """'(x -> out)' -> (('x', 'out'),)"""
    pairs = []
    for part in _split_top(text.strip()[1:-1]):
        src, _, dst = part.partition("->")
        src, dst = src.strip(), dst.strip()
        if src not in {a.name for a in args} or dst not in {o.name for o in outputs}:
            raise SpecError(f"op '{op}': '{key}' maps unknown names: {part!r}")
        pairs.append((src, dst))
    return tuple(pairs)


_KNOWN_KEYS = {"op", "args", "output", "infer_meta", "kernel", "type_promotion", "type_autocast",
               "inplace", "view", "backward", "optional", "doc", "public", "inplace_public"}


def parse_op(entry):
    op = entry.get("op")
    if not op:
        raise SpecError(f"an ops.yaml entry has no 'op' key: {entry!r}")
    unknown = set(entry) - _KNOWN_KEYS
    if unknown:
        raise SpecError(f"op '{op}': unknown keys {sorted(unknown)}; known: {sorted(_KNOWN_KEYS)}")
    for key in ("args", "output", "infer_meta"):
        if key not in entry:
            raise SpecError(f"op '{op}': missing required key '{key}'")
    optional = tuple(x.strip() for x in str(entry.get("optional", "")).split(",") if x.strip())
    args = parse_args(op, entry["args"], optional)
    outputs = parse_outputs(op, entry["output"])
    names = [a.name for a in args]
    im = entry["infer_meta"]
    if not isinstance(im, dict) or "func" not in im:
        raise SpecError(f"op '{op}': infer_meta must be {{func: ..., param: [...]}}")
    im_params = tuple(im.get("param", names))
    kern = entry.get("kernel", {}) or {}
    k_params = tuple(kern.get("param", names))
    for p in im_params + k_params:
        if p not in names:
            raise SpecError(f"op '{op}': param '{p}' is not an argument ({names})")
    tensors = [a.name for a in args if a.is_tensor]
    data_type = kern.get("data_type", tensors[0] if tensors else "")
    if data_type not in names:
        raise SpecError(f"op '{op}': kernel.data_type must name an argument, got {data_type!r}")
    tp = tuple(entry.get("type_promotion", ()) or ())
    for p in tp:
        if p not in tensors:
            raise SpecError(f"op '{op}': type_promotion names non-tensor '{p}'")
    ta = entry.get("type_autocast", ()) or ()
    ta = (ta,) if isinstance(ta, str) else tuple(ta)
    for p in ta:
        if p not in tensors:
            raise SpecError(f"op '{op}': type_autocast names non-tensor '{p}'")
    inplace = _parse_mapping(op, "inplace", entry["inplace"], args, outputs) if "inplace" in entry else ()
    view = _parse_mapping(op, "view", entry["view"], args, outputs) if "view" in entry else ()
    public = entry.get("public", ()) or ()
    public = (public,) if isinstance(public, str) else tuple(public)
    bad = sorted(set(public) - PUBLIC_PLACES)
    if bad:
        raise SpecError(f"op '{op}': public places {bad} unknown; known: {sorted(PUBLIC_PLACES)}")
    ip = entry.get("inplace_public", ("paddle", "Tensor"))
    ip = (ip,) if isinstance(ip, str) else tuple(ip or ())
    if "inplace_public" in entry and not inplace:
        raise SpecError(f"op '{op}': inplace_public without inplace")
    if set(ip) - PUBLIC_PLACES:
        raise SpecError(f"op '{op}': inplace_public must list places among "
                        f"{sorted(PUBLIC_PLACES)} (or be [], not public), got {list(ip)}")
    return OpSpec(
        name=op, args=args, outputs=outputs, infer_meta=im["func"], infer_meta_params=im_params,
        kernel=kern.get("func", op), kernel_params=k_params, data_type=data_type,
        type_promotion=tp, type_autocast=ta, inplace=inplace, view=view,
        backward=entry.get("backward", "") or "", doc=entry.get("doc", "") or "",
        public=public, inplace_public=ip)


def load_ops(path):
    import yaml
    with open(path) as f:
        entries = yaml.safe_load(f) or []
    specs, seen = [], set()
    for e in entries:
        s = parse_op(e)
        if s.name in seen:
            raise SpecError(f"op '{s.name}' is defined twice in {path}")
        seen.add(s.name)
        specs.append(s)
    return specs
