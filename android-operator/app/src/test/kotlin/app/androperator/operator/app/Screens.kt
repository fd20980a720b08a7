package app.androperator.operator.app

import android.content.Context
import android.view.View
import android.view.ViewGroup
import android.widget.Button
import android.widget.CheckBox
import android.widget.EditText
import android.widget.FrameLayout
import android.widget.ImageButton
import android.widget.LinearLayout
import android.widget.ScrollView
import android.widget.Switch
import android.widget.TextView
import android.text.InputType

/**
 * Screens built from real framework Views for the capture tests. Their
 * hierarchy XML is committed under conformance/captured-screens, where the
 * TypeScript selector engine resolves the same matchers (test/operator).
 */
object Screens {
    val all: Map<String, (Context) -> View> = linkedMapOf(
        "settings" to ::settings,
        "long-list" to ::longList,
        "nested" to ::nested
    )

    private fun vertical(context: Context, vararg children: View) = LinearLayout(context).apply {
        orientation = LinearLayout.VERTICAL
        children.forEach { addView(it) }
    }

    /** Text, a switch, a check box, an image button, editors, and GONE / INVISIBLE views. */
    fun settings(context: Context): View = vertical(
        context,
        TextView(context).apply { id = android.R.id.title; text = "Settings" },
        Switch(context).apply { id = android.R.id.toggle; text = "Wi-Fi"; isChecked = true },
        CheckBox(context).apply { id = android.R.id.checkbox; text = "Bluetooth" },
        ImageButton(context).apply { id = android.R.id.home; contentDescription = "Navigate up" },
        EditText(context).apply { id = android.R.id.edit; hint = "Device name"; setText("Pixel") },
        EditText(context).apply { id = android.R.id.input; inputType = InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_VARIATION_PASSWORD },
        TextView(context).apply { text = "Hidden banner"; visibility = View.GONE },
        TextView(context).apply { text = "Invisible hint"; visibility = View.INVISIBLE },
        Button(context).apply { id = android.R.id.button1; text = "Save"; contentDescription = "Save settings" }
    )

    /** A scrolling list taller than the screen: its lower rows are off-screen. */
    fun longList(context: Context): View = ScrollView(context).apply {
        id = android.R.id.list
        addView(vertical(context, *Array(30) { i ->
            TextView(context).apply { text = "Item ${i + 1}"; isClickable = true; minHeight = 48 }
        }))
    }

    /** Nested layouts: two rows, each a label and a button, inside a frame. */
    fun nested(context: Context): View = FrameLayout(context).apply {
        id = android.R.id.widget_frame
        addView(vertical(
            context,
            row(context, "Account", "Edit", android.R.id.button1),
            row(context, "Privacy", "Edit", android.R.id.button2)
        ), ViewGroup.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.WRAP_CONTENT))
    }

    private fun row(context: Context, label: String, action: String, buttonId: Int) = LinearLayout(context).apply {
        orientation = LinearLayout.HORIZONTAL
        addView(TextView(context).apply { id = android.R.id.summary; text = label })
        addView(Button(context).apply { id = buttonId; text = action })
    }
}
