// Every language's texts, as the server loads them: services and schemas are tested without the app.
import '../../shared/messages/all';
