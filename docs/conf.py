"""Sphinx configuration for the cardgames documentation."""

from __future__ import annotations

import warnings
from importlib.metadata import version as _version

project = "cardgames"
author = "The cardgames developers"
copyright = "2026, the cardgames developers"
release = _version("cardgames")
version = release

# sphinx-autodoc-typehints calls a Sphinx API that Sphinx 9 marks for removal; the warning
# is about that package, not about our documentation.
warnings.filterwarnings("ignore", message=".*set_application.*")

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "sphinx_autodoc_typehints",
]

# The docs build offline (CI has no network); the Python objects we link to are listed by hand.
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}
_BUILTINS = (
    "int|str|bool|float|object|bytes|None|tuple|list|dict|set|frozenset|type|slice"
    "|ValueError|TypeError|Exception|NotImplemented|Ellipsis"
)
_STDLIB_MODULES = (
    "typing|typing_extensions|collections\\.abc|collections|abc|random|fractions|enum|attrs?"
    "|argparse|types|json|_io|io|os|pathlib|time|concurrent|multiprocessing|importlib|http|array"
)
_BARE_NAMES = (
    "Self|Any|TypeVar|Generic|Protocol|Literal|Iterable|Iterator|Sequence|Mapping|Callable|Set"
    "|AbstractSet|Fraction|Random|IntEnum|Enum|Attribute|Namespace|ArgumentParser|TextIO"
    "|ClassVar|Final|TypeAlias|Executor|Future|TypeGuard|Hashable"
)
# No intersphinx inventory is reachable offline, so standard-library names are not linked.
nitpick_ignore_regex = [
    (r"py:(class|obj|exc|func|meth|data|attr)", rf"(builtins\.)?({_BUILTINS})"),
    (r"py:(class|obj|func|meth|data|attr|mod)", rf"({_STDLIB_MODULES})(\..*)?"),
    (r"py:(class|obj)", rf"({_BARE_NAMES})"),
    (
        r"py:(class|obj)",
        r"(cardgames\.[\w.]+\.)?(C|D|S|M|T|P|V|R|S_co|M_co|S_contra|P_contra|_\w+)",
    ),
    # The learning environments' optional extras (numpy, Gymnasium, PettingZoo): no inventory.
    (r"py:(class|obj|data)", r"(numpy|gymnasium|pettingzoo)(\..*)?"),
    # The C cores' own types (cardgames.bridge._ddcore.Table): private, documented with the
    # Python classes they stand in for.
    (r"py:(class|obj)", r"cardgames\.\w+\._\w+\..*"),
]
# Return types named only under TYPE_CHECKING (a record, a view: modules that import the state)
# cannot be evaluated by sphinx-autodoc-typehints; they are shown as written.
# The second: autodoc writes a property's return type unqualified (``type[State]``); every
# game has a ``State``, so Sphinx finds several targets and warns although it links the class
# of the documented module. Only that ambiguity warning is silenced.
suppress_warnings = ["sphinx_autodoc_typehints.forward_reference", "ref.python"]
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_typehints = "description"
autodoc_type_aliases = {
    "RandomSource": "cardgames.deck.RandomSource",
}
typehints_fully_qualified = False
always_document_param_types = False

html_theme = "furo"
html_title = "cardgames"
exclude_patterns = ["_build"]
# The OpenSpiel games derive from OpenSpiel's classes, which have no inventory either.
nitpick_ignore_regex.append((r"py:(class|obj|data)", r"(pyspiel|open_spiel)(\..*)?"))
