"""A tour of one small graph: build it through the five forward layers, print the backward graph
from the loss down to the leaves, run backward and show the grads.

    python examples/graph_tour.py
"""
import eagergraph as paddle


def main():
    paddle.seed(0)
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    w = paddle.to_tensor([[0.5, -1.0], [1.5, 0.25]], stop_gradient=False)
    b = paddle.zeros([2], dtype="float32")
    b.stop_gradient = False
    h = paddle.tanh(paddle.matmul(x, w) + b)
    loss = paddle.mean(paddle.exp(-h) * h)
    print("loss =", loss)
    node, depth = loss.grad_fn, 0
    print("backward graph, from the loss:")
    while node is not None:
        print("  " * depth + node.name())
        nxt = [n for n in node.next_functions if n is not None]
        node = nxt[0] if nxt else None
        depth += 1
    loss.backward()
    print("dloss/dw =", w.grad)
    print("dloss/db =", b.grad)


if __name__ == "__main__":
    main()
