package app.androperator.operator.app

import android.content.BroadcastReceiver
import android.content.Context
import android.content.Intent
import app.androperator.operator.core.Dialect

/**
 * The exported ingress: `adb shell am broadcast -a app.androperator.operator.ACTION_AGENT_COMMAND
 * -p <package> --es payload '<json>' --receiver-foreground`. The manifest guards it with
 * android.permission.DUMP, which the adb shell holds and ordinary apps do not.
 * Work is queued on the Operator's single worker thread; the receiver returns at once.
 */
class AgentCommandReceiver : BroadcastReceiver() {
    override fun onReceive(context: Context, intent: Intent) {
        val dialect = Dialect.forAction(intent.action) ?: return
        val payload = intent.getStringExtra(EXTRA_PAYLOAD) ?: return
        OperatorRuntime.get(context).submit(payload, dialect)
    }

    companion object {
        const val EXTRA_PAYLOAD = "payload"
    }
}
