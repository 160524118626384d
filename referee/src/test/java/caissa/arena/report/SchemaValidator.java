package caissa.arena.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The subset of JSON Schema (2020-12) that the project's schema files use, enough to hold the
 * written documents to them: type, const, enum, required, properties, additionalProperties,
 * items, minItems, $ref to #/$defs, oneOf, pattern, minimum, multipleOf. Unknown keywords fail,
 * so a schema cannot silently use something this does not check.
 */
public final class SchemaValidator {

    private static final List<String> KNOWN = List.of("$schema", "$id", "title", "description", "format", "$defs",
            "type", "const", "enum", "required", "properties", "additionalProperties", "items", "minItems", "$ref",
            "oneOf", "pattern", "minimum", "multipleOf");

    private final JsonNode root;

    public SchemaValidator(JsonNode root) {
        this.root = root;
    }

    /** The problems of the document, each with its JSON pointer; empty when it conforms. */
    public List<String> validate(JsonNode document) {
        List<String> problems = new ArrayList<>();
        check(root, document, "", problems);
        return problems;
    }

    private void check(JsonNode schema, JsonNode value, String at, List<String> problems) {
        for (Iterator<String> it = schema.fieldNames(); it.hasNext(); ) {
            String keyword = it.next();
            if (!KNOWN.contains(keyword)) {
                throw new IllegalArgumentException("schema keyword not supported by the test validator: " + keyword);
            }
        }
        if (schema.has("$ref")) {
            String ref = schema.get("$ref").asText();
            check(root.at(ref.substring(1)), value, at, problems);
        }
        if (schema.has("oneOf")) {
            int matches = 0;
            for (JsonNode option : schema.get("oneOf")) {
                List<String> sub = new ArrayList<>();
                check(option, value, at, sub);
                matches += sub.isEmpty() ? 1 : 0;
            }
            if (matches != 1) {
                problems.add(at + ": matches " + matches + " of the oneOf options");
            }
        }
        if (schema.has("type") && !typeMatches(schema.get("type"), value)) {
            problems.add(at + ": expected " + schema.get("type") + ", got " + value.getNodeType());
            return;
        }
        if (schema.has("const") && !schema.get("const").equals(value)) {
            problems.add(at + ": expected " + schema.get("const") + ", got " + value);
        }
        if (schema.has("enum")) {
            boolean found = false;
            for (JsonNode option : schema.get("enum")) {
                found |= option.equals(value);
            }
            if (!found) {
                problems.add(at + ": " + value + " is not one of " + schema.get("enum"));
            }
        }
        if (schema.has("pattern") && value.isTextual()
                && !Pattern.compile(schema.get("pattern").asText()).matcher(value.asText()).find()) {
            problems.add(at + ": '" + value.asText() + "' does not match " + schema.get("pattern").asText());
        }
        if (schema.has("minimum") && value.isNumber() && value.decimalValue().compareTo(schema.get("minimum").decimalValue()) < 0) {
            problems.add(at + ": " + value + " is below " + schema.get("minimum"));
        }
        if (schema.has("multipleOf") && value.isNumber()
                && value.decimalValue().remainder(schema.get("multipleOf").decimalValue()).compareTo(BigDecimal.ZERO) != 0) {
            problems.add(at + ": " + value + " is not a multiple of " + schema.get("multipleOf"));
        }
        if (value.isObject()) {
            if (schema.has("required")) {
                for (JsonNode field : schema.get("required")) {
                    if (!value.has(field.asText())) {
                        problems.add(at + ": missing required field " + field.asText());
                    }
                }
            }
            JsonNode properties = schema.get("properties");
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                String path = at + "/" + field.getKey();
                if (properties != null && properties.has(field.getKey())) {
                    check(properties.get(field.getKey()), field.getValue(), path, problems);
                } else if (schema.has("additionalProperties")) {
                    JsonNode additional = schema.get("additionalProperties");
                    if (additional.isBoolean() && !additional.asBoolean()) {
                        problems.add(path + ": field not in the schema");
                    } else if (additional.isObject()) {
                        check(additional, field.getValue(), path, problems);
                    }
                }
            }
        }
        if (value.isArray()) {
            if (schema.has("minItems") && value.size() < schema.get("minItems").asInt()) {
                problems.add(at + ": fewer than " + schema.get("minItems") + " items");
            }
            if (schema.has("items")) {
                for (int i = 0; i < value.size(); i++) {
                    check(schema.get("items"), value.get(i), at + "/" + i, problems);
                }
            }
        }
    }

    private static boolean typeMatches(JsonNode type, JsonNode value) {
        if (type.isArray()) {
            for (JsonNode option : type) {
                if (typeMatches(option, value)) {
                    return true;
                }
            }
            return false;
        }
        return switch (type.asText()) {
            case "object" -> value.isObject();
            case "array" -> value.isArray();
            case "string" -> value.isTextual();
            case "integer" -> value.isIntegralNumber();
            case "number" -> value.isNumber();
            case "boolean" -> value.isBoolean();
            case "null" -> value.isNull();
            default -> throw new IllegalArgumentException("unknown type " + type);
        };
    }
}
