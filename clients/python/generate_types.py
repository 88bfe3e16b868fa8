#!/usr/bin/env python3
"""Writes carcassonne_client/api_types.py from the API's OpenAPI document.

Every schema of `components.schemas` becomes a TypedDict (objects) or a type alias (unions,
enums), and so does an operation's answer written in place with a `title` (`Health`); the act
types become `ACT_TYPES`, what `is_act` tells apart. The Python client restates no shape by hand: `python3 generate_types.py` after the
document changes; a test fails while the committed file differs from what this writes.

    python3 generate_types.py [OPENAPI_JSON] [OUTPUT]   (defaults: ../../openapi/openapi.json, stdout)
"""
from __future__ import annotations

import json
import keyword
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_DOCUMENT = HERE.parent.parent / "openapi" / "openapi.json"
PRIMITIVES = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}


class Generator:
    def __init__(self, schemas: dict) -> None:
        self.schemas = schemas
        self.classes: list[str] = []
        self.aliases: list[str] = []

    def type_of(self, schema: dict, name: str) -> str:
        """The annotation of `schema`; nested objects become TypedDicts named after `name`."""
        if "$ref" in schema:
            return schema["$ref"].rsplit("/", 1)[-1]
        for key in ("anyOf", "oneOf"):
            if key in schema:
                return union([self.type_of(s, f"{name}{i}") for i, s in enumerate(schema[key])])
        if "const" in schema:
            return f"Literal[{json.dumps(schema['const'])}]"
        if "enum" in schema:
            return "Literal[" + ", ".join(literal(v) for v in schema["enum"]) + "]"
        kind = schema.get("type")
        if isinstance(kind, list):
            return union([self.type_of({**schema, "type": k}, name) for k in kind])
        if kind == "array":
            return f"list[{self.type_of(schema.get('items', {}), name + 'Item')}]"
        if kind == "object" or "properties" in schema:
            if "properties" not in schema:
                extra = schema.get("additionalProperties")
                return f"dict[str, {self.type_of(extra, name + 'Value') if isinstance(extra, dict) else 'Any'}]"
            self.typed_dict(name, schema)
            return name
        return PRIMITIVES.get(kind, "Any")

    def typed_dict(self, name: str, schema: dict) -> None:
        required = set(schema.get("required", []))
        fields = []
        for prop, sub in schema["properties"].items():
            annotation = self.type_of(sub, name + "".join(p[:1].upper() + p[1:] for p in prop.replace("-", "_").split("_")))
            fields.append((prop, annotation if prop in required else f"NotRequired[{annotation}]", sub.get("description")))
        doc = schema.get("description")
        if all(p.isidentifier() and not keyword.iskeyword(p) for p, _, _ in fields):
            lines = [f"class {name}(TypedDict):"]
            if doc:
                lines.append(f"    {json.dumps(doc)}")
            for prop, annotation, description in fields:
                lines.append(f"    {prop}: {annotation}" + (f"  # {description}" if description and "\n" not in description else ""))
            if len(lines) == 1:
                lines.append("    pass")
        else:
            body = ", ".join(f"{json.dumps(p)}: {json.dumps(a)}" for p, a, _ in fields)
            lines = [f"{name} = TypedDict({json.dumps(name)}, {{{body}}})"]
        self.classes.append("\n".join(lines))

    def run(self, inline: dict[str, dict]) -> str:
        for name, schema in {**self.schemas, **inline}.items():
            if "allOf" in schema:
                continue  # the per-status problems: a Problem whose code is one of a few
            annotation = self.type_of(schema, name)
            if annotation != name:
                self.aliases.append(f"{name}: TypeAlias = {quote_names(annotation)}")
        acts = sorted(tag(self.schemas[ref["$ref"].rsplit("/", 1)[-1]]) for ref in self.schemas["Act"]["anyOf"])
        return "\n".join(
            [
                '"""The API\'s shapes, generated from openapi/openapi.json by generate_types.py: do not edit."""',
                "from __future__ import annotations",
                "",
                "from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, Union",
                "",
                "",
                "\n\n\n".join(self.classes),
                "",
                "",
                "\n".join(self.aliases),
                "",
                "# The lifecycle acts' types: a log entry or an event of one of these is an act, not the engine's.",
                "ACT_TYPES: frozenset[str] = frozenset({" + ", ".join(json.dumps(a) for a in acts) + "})",
                "",
            ]
        )


def tag(schema: dict) -> str:
    """The one value of an object's `type` (a `const`, or an enum of one)."""
    kind = schema["properties"]["type"]
    return kind["const"] if "const" in kind else kind["enum"][0]


def literal(value: object) -> str:
    return "None" if value is None else ("True" if value is True else ("False" if value is False else json.dumps(value)))


def union(types: list[str]) -> str:
    unique = list(dict.fromkeys(types))
    return unique[0] if len(unique) == 1 else f"Union[{', '.join(unique)}]"


def quote_names(annotation: str) -> str:
    """Module-level aliases are evaluated at import: names of later classes must be strings."""
    return json.dumps(annotation) if annotation[:1].isupper() and not annotation.startswith(("Literal", "Union")) else annotation


def inline_answers(document: dict) -> dict[str, dict]:
    """The answers of operations written in place rather than in `components`, by their title."""
    found: dict[str, dict] = {}
    for operations in document["paths"].values():
        for operation in operations.values():
            for response in operation.get("responses", {}).values():
                for content in response.get("content", {}).values():
                    schema = content.get("schema", {})
                    if "title" in schema and "$ref" not in schema and schema["title"] not in document["components"]["schemas"]:
                        found.setdefault(schema["title"], schema)
    return found


def generate(document: dict) -> str:
    return Generator(document["components"]["schemas"]).run(inline_answers(document))


def main(argv: list[str]) -> None:
    source = Path(argv[1]) if len(argv) > 1 else DEFAULT_DOCUMENT
    text = generate(json.loads(source.read_text(encoding="utf-8")))
    if len(argv) > 2:
        Path(argv[2]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv)
