/** Save and Cancel under an inline editor (a speaker's name, an action item). */
export const EditorButtons = (props: { saveDisabled: boolean; onCancel: () => void }) => (
  <div class="editor-buttons">
    <button type="submit" class="primary" disabled={props.saveDisabled}>
      Save
    </button>
    <button type="button" onClick={props.onCancel}>
      Cancel
    </button>
  </div>
)
