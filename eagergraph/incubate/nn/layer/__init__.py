"""paddle.incubate.nn layers (Paddle python/paddle/incubate/nn/layer/): the same parameters,
names, shapes and initialisers as Paddle's, running the compositions of
paddle.incubate.nn.functional."""
