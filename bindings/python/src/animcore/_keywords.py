"""Keyword arguments written once. A ``TypedDict`` names a set of keywords and their types for
type checkers (a function takes them as ``**keywords: Unpack[...]``); :func:`check_keywords`
refuses any other at run time, as Python does for a named parameter, and :func:`spell_out`
shows them to ``help()`` and ``inspect.signature()`` as the keyword-only parameters they are,
each with its default."""

from __future__ import annotations

import inspect
from typing import Any, Callable, Collection, Mapping

__all__ = ["check_keywords", "spell_out"]


def check_keywords(given: Mapping[str, Any], allowed: Collection[str], function: str) -> None:
    """TypeError for a keyword of ``given`` not in ``allowed``, worded as Python words it for
    a function named ``function`` ("Timing.layer")."""
    for name in given:
        if name not in allowed:
            raise TypeError(f"{function}() got an unexpected keyword argument {name!r}")


def spell_out(function: Callable[..., Any], keywords: Any, defaults: Mapping[str, Any]) -> None:
    """Sets ``function``'s signature to its own parameters followed by the keywords of the
    TypedDict ``keywords`` (in its order, with their types and ``defaults``), in place of its
    ``**keywords`` parameter."""
    signature = inspect.signature(function)
    own = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    spelled = [
        inspect.Parameter(
            name,
            inspect.Parameter.KEYWORD_ONLY,
            default=defaults[name],
            annotation=getattr(annotation, "__forward_arg__", annotation),
        )
        for name, annotation in keywords.__annotations__.items()
    ]
    setattr(function, "__signature__", signature.replace(parameters=own + spelled))
