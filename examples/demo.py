"""The main job (for now): build a small graph through the five forward layers and print it.

A later issue replaces this with training the demo model on bundled data."""
import eagergraph as paddle


def main():
    paddle.seed(0)
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    w = paddle.to_tensor([[0.5, -1.0], [1.5, 0.25]])
    h = paddle.tanh(x * w + 1.0)
    y = paddle.exp(-h) / (1.0 + paddle.sqrt(x))
    print("x =", x)
    print("y = exp(-tanh(x * w + 1)) / (1 + sqrt(x)) =", y)
    print("dtype:", y.dtype, "shape:", y.shape)


if __name__ == "__main__":
    main()
