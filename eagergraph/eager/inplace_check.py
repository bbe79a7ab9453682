"""The error raised when a tensor saved for backward was modified in place before backward."""


def raise_modified_inplace(wrapper, node):
    node_name = node.name() if node is not None else "a grad node"
    op = getattr(node, "forward_op", "") or "?"
    name = wrapper._name or "a tensor"
    raise RuntimeError(
        f"(PreconditionNotMet) Tensor '{name}' used in gradient computation by {node_name} "
        f"(forward op '{op}') has been modified by an inplace operation. Its version is "
        f"{wrapper._version.value} but the expected version is {wrapper._snapshot}. Please fix your "
        f"code to avoid calling inplace operations on it before backward, or make a copy with "
        f"clone() first.")
