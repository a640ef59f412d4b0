// SPDX-License-Identifier: Apache-2.0
/// Refuses a schema whose references loop back to the same schema without moving into the instance
/// (`{"$ref": "#"}`, or `a` -> `allOf` -> `b` -> `a`): validating with it could never end.
enum SchemaCycles {
    /// The schemas `node` applies to the same instance.
    static func inPlace(_ node: SchemaNode) -> [SchemaNode] {
        var out: [SchemaNode] = []
        for check in node.checks {
            switch check {
            case .reference(let target): if let n = target.node { out.append(n) }
            case .allOf(let nodes): out += nodes
            case .anyOf(let alternatives), .oneOf(let alternatives): out += alternatives.nodes
            case .not(let n): out.append(n)
            case .conditional(let c):
                out.append(c.condition)
                if let then = c.then { out.append(then) }
                if let otherwise = c.otherwise { out.append(otherwise) }
            case .dependentSchemas(let pairs): out += pairs.map(\.1)
            default: break
            }
        }
        return out
    }

    /// The schemas `node` applies to parts of the instance.
    static func children(_ node: SchemaNode) -> [SchemaNode] {
        var out: [SchemaNode] = []
        for check in node.checks {
            switch check {
            case .items(let i): out += i.prefix; if let rest = i.rest { out.append(rest) }
            case .contains(let c): out.append(c.schema)
            case .propertyNames(let n), .unevaluatedItems(let n), .unevaluatedProperties(let n):
                out.append(n)
            case .properties(let p):
                out += p.namedSchemas
                out += p.patterns.map(\.1)
                if let a = p.additional { out.append(a) }
            case .dynamicReference(let target), .recursiveReference(let target):
                if let n = target.node { out.append(n) }   // resolved at run time: checked there
            default: break
            }
        }
        return out + inPlace(node)
    }

    /// Throws naming the loop when one exists among the schemas reachable from `root`.
    static func check(_ root: SchemaNode) throws(SchemaError) {
        // Every reachable schema, iteratively.
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var all: [SchemaNode] = [root]
        var i = 0
        while i < all.count {
            for next in children(all[i]) where seen.insert(ObjectIdentifier(next)).inserted { all.append(next) }
            i += 1
        }
        // Depth-first search for a cycle of in-place edges (colours: 1 on the path, 2 done).
        var colour: [ObjectIdentifier: UInt8] = [:]
        for start in all where colour[ObjectIdentifier(start)] == nil {
            var stack: [(SchemaNode, [SchemaNode], Int)] = [(start, inPlace(start), 0)]
            colour[ObjectIdentifier(start)] = 1
            while !stack.isEmpty {
                let (node, edges, next) = stack[stack.count - 1]
                if next == edges.count {
                    colour[ObjectIdentifier(node)] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].2 += 1
                let target = edges[next]
                switch colour[ObjectIdentifier(target)] {
                case 1:
                    let path = stack.map(\.0.location)
                    let loop = path[(path.firstIndex(of: target.location) ?? 0)...] + [target.location]
                    throw SchemaError(location: target.location,
                                      message: "the schema refers to itself without moving into the instance ("
                                        + loop.joined(separator: " -> ") + "): validation would never end")
                case nil:
                    colour[ObjectIdentifier(target)] = 1
                    stack.append((target, inPlace(target), 0))
                default:
                    break
                }
            }
        }
    }
}
