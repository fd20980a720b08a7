package app.androperator.operator.core

import java.io.File

/**
 * Locates the shared conformance vector files (the JSON files under conformance/FAMILY at the
 * repository root). Maven Surefire sets CONFORMANCE_DIR; otherwise the path is
 * resolved from the working directory. A missing or empty family fails the
 * run: a runner that finds nothing to check must not pass.
 */
object Conformance {
    val root: File by lazy {
        System.getenv("CONFORMANCE_DIR")?.let { File(it) }
            ?: generateSequence(File("").absoluteFile) { it.parentFile }.map { File(it, "conformance") }.firstOrNull { it.isDirectory }
            ?: File("conformance")
    }

    class VectorFile(val file: File, val json: Map<String, Any?>) {
        val vectors: List<Map<String, Any?>> get() = json["vectors"].asArray().orEmpty().map { it.asObject()!! }
    }

    fun files(family: String): List<VectorFile> {
        val dir = File(root, family)
        check(dir.isDirectory) { "conformance/$family is missing under ${root.absolutePath}" }
        val files = dir.listFiles { f -> f.name.endsWith(".json") }.orEmpty().sortedBy { it.name }
            .map { VectorFile(it, Json.parse(it.readText()).asObject()!!) }
        check(files.isNotEmpty() && files.all { it.vectors.isNotEmpty() }) {
            "conformance/$family has no vectors (a file without any, or no files at all)"
        }
        return files
    }

    /** JUnit parameters: `[label, file, vector]` for every vector of a family. */
    fun parameters(family: String): List<Array<Any>> = files(family).flatMap { f ->
        f.vectors.map { v -> arrayOf<Any>("${f.file.name}: ${v["name"]}", f, v) }
    }

    /** Deep JSON equality with JavaScript semantics (key order irrelevant, numbers as doubles). */
    fun jsonEquals(a: Any?, b: Any?): Boolean = when {
        a is Map<*, *> && b is Map<*, *> -> a.keys == b.keys && a.keys.all { jsonEquals(a[it], b[it]) }
        a is List<*> && b is List<*> -> a.size == b.size && a.indices.all { jsonEquals(a[it], b[it]) }
        a is Number && b is Number -> a.toDouble() == b.toDouble()
        else -> a == b
    }

    /** A vector's plain-JSON envelope as the core's [Envelope] (step data values are strings). */
    fun envelope(json: Map<String, Any?>) = Envelope(
        json["commandId"] as String,
        json["taskId"] as String,
        json["status"] as String,
        json["stepResults"].asArray()!!.map { s ->
            val step = s.asObject()!!
            StepResult(step["id"] as String, step["actionType"] as String, step["success"] as Boolean,
                step["data"].asObject()!!.mapValues { it.value as String })
        },
        json["error"] as String?,
        json["errorCode"] as String?
    )

    /** Round-trips a value through the JSON writer and reader (typed values → plain JSON). */
    fun plain(value: Any?): Any? = Json.parse(Json.stringify(value))
}
