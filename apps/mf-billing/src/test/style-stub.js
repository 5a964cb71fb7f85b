// Stylesheets have no meaning in jsdom tests.
export default {};
