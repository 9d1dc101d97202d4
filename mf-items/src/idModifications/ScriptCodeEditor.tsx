import { useMemo } from 'react';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { scriptHighlighting } from './scriptHighlightStyle';

export interface ScriptCodeEditorProps {
  /** The accessible name of the editing area (a textbox, like the textarea it replaces). */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A JavaScript code editor (CodeMirror 6: highlighting, line numbers, bracket matching, undo) for the body of an
 * ID modification script, its token colours at 4.5:1 or more on white (scriptHighlightStyle). Always left to
 * right, also on the Arabic screen: it is code.
 */
export default function ScriptCodeEditor({ label, value, onChange }: ScriptCodeEditorProps) {
  const extensions = useMemo(
    () => [javascript(), scriptHighlighting, EditorView.contentAttributes.of({ 'aria-label': label, spellcheck: 'false' }), EditorView.lineWrapping],
    [label],
  );
  return (
    <div dir="ltr" style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        theme="light"
        minHeight="132px"
        maxHeight="420px"
        basicSetup={{ autocompletion: false, foldGutter: false, highlightActiveLine: false, syntaxHighlighting: false }}
      />
    </div>
  );
}
