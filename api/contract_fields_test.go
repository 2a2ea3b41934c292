package api_test

import (
	"slices"

	"github.com/getkin/kin-openapi/openapi3"
)

// undocumentedMembers lists the members of v, a decoded JSON body, that the schema does
// not name, as paths like $.items[].agent. JSON Schema lets an object carry members it
// does not name, so without this a field a handler adds, which the generated web types
// would not know, would pass unseen. An object schema that names no property (free-form)
// or allows additional properties names every member; of oneOf or anyOf branches, the one
// that names the most of v counts.
func undocumentedMembers(s *openapi3.SchemaRef, v any, at string) []string {
	if s == nil || s.Value == nil {
		return nil
	}
	if branches := append(slices.Clone(s.Value.OneOf), s.Value.AnyOf...); len(branches) > 0 {
		var best []string
		for i, b := range branches {
			if out := undocumentedMembers(b, v, at); i == 0 || len(out) < len(best) {
				best = out
			}
		}
		return best
	}
	var out []string
	switch v := v.(type) {
	case map[string]any:
		props, open := memberSchemas(s.Value)
		for _, k := range sortedKeys(v) {
			subs, ok := props[k]
			if !ok && !open {
				out = append(out, at+"."+k)
			}
			for _, sub := range subs {
				out = append(out, undocumentedMembers(sub, v[k], at+"."+k)...)
			}
		}
	case []any:
		for _, e := range v {
			for _, items := range itemSchemas(s.Value) {
				out = append(out, undocumentedMembers(items, e, at+"[]")...)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// memberSchemas gathers the properties an object schema names, its allOf parts'
// included, and whether it accepts members it does not name.
func memberSchemas(s *openapi3.Schema) (props map[string][]*openapi3.SchemaRef, open bool) {
	props = map[string][]*openapi3.SchemaRef{}
	var walk func(s *openapi3.Schema)
	walk = func(s *openapi3.Schema) {
		for name, p := range s.Properties {
			props[name] = append(props[name], p)
		}
		if ap := s.AdditionalProperties; (ap.Has != nil && *ap.Has) || ap.Schema != nil {
			open = true
		}
		for _, part := range s.AllOf {
			if part.Value != nil {
				walk(part.Value)
			}
		}
	}
	walk(s)
	return props, open || len(props) == 0
}

// itemSchemas are the schemas of an array's items, its allOf parts' included.
func itemSchemas(s *openapi3.Schema) []*openapi3.SchemaRef {
	var out []*openapi3.SchemaRef
	if s.Items != nil {
		out = append(out, s.Items)
	}
	for _, part := range s.AllOf {
		if part.Value != nil {
			out = append(out, itemSchemas(part.Value)...)
		}
	}
	return out
}
