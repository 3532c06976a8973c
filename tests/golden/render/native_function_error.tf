name = "tabs	and é wide ${upper(1, 2)}"
