import { render } from 'preact'
import { App } from './app.js'
import './styles/app.css'

const root = document.getElementById('app')
if (root !== null) {
  root.textContent = ''
  render(<App />, root)
}
