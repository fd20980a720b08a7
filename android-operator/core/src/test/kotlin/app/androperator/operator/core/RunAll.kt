package app.androperator.operator.core

import org.junit.runner.JUnitCore
import org.junit.runner.Request
import kotlin.system.exitProcess

/**
 * Runs the given test classes and prints one count line per class plus the
 * totals; exits non-zero on any failure (used by test.sh).
 */
object RunAll {
    @JvmStatic
    fun main(args: Array<String>) {
        val core = JUnitCore()
        var run = 0
        var failed = 0
        for (name in args) {
            val result = core.run(Request.aClass(Class.forName(name)))
            run += result.runCount
            failed += result.failureCount
            println(String.format("%-40s %4d run, %d failed", name.substringAfterLast('.'), result.runCount, result.failureCount))
            for (f in result.failures) {
                println("  FAIL ${f.testHeader}")
                println("       ${f.message?.lines()?.take(4)?.joinToString("\n       ")}")
            }
        }
        println("total: $run tests, $failed failed")
        exitProcess(if (failed == 0 && run > 0) 0 else 1)
    }
}
