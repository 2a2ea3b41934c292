// The chat feature's public face: Dota's launcher button and panel.
export { ChatWidget } from './components/ChatWidget';
