import pytest

try:
    import hcl2  # python-hcl2, for the comparison tests
except ImportError:  # pragma: no cover - depends on the environment
    hcl2 = None


@pytest.fixture
def python_hcl2():
    if hcl2 is None:
        pytest.skip("python-hcl2 is not installed: pip install python-hcl2==8.1.4")
    return hcl2
