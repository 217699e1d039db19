import { createBrowserRouter } from 'react-router';
import { HomePage } from './pages/public/home';

export const router = createBrowserRouter([{ path: '/', element: <HomePage /> }]);
