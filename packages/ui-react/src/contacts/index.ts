// Loaded on demand by the routes: the contact pages.
export { ContactPage, ContactSection } from './ContactPages';
